// Seed content for the public website of the (fictional) firm.
// Data only: no imports, no runtime logic.

export const locales = ["en", "ar", "fr"] as const;
export type SeedLocale = (typeof locales)[number];
export type Localized<T> = Record<SeedLocale, T>;

export const firm = {
  name: "Fairlane Tax & Translation",
  legalName: "Fairlane Tax & Translation LLC",
  proprietor: "Nadia Haddad, EA",
  proprietorTitle: {
    en: "IRS Enrolled Agent, Certified Translator (English, Arabic, French) and Michigan Notary Public",
    ar: "وكيلة مسجّلة لدى مصلحة الضرائب الأمريكية (IRS)، ومترجمة معتمدة (الإنجليزية والعربية والفرنسية)، وكاتبة عدل في ولاية ميشيغان",
    fr: "Agente agréée auprès de l'IRS (Enrolled Agent), traductrice certifiée (anglais, arabe, français) et notaire public du Michigan",
  },
  phone: "+1-313-555-0142",
  email: "hello@example.com",
  address: {
    street: "13201 Michigan Avenue, Suite 204",
    city: "Dearborn",
    region: "MI",
    postalCode: "48126",
    country: "US",
  },
  geo: { latitude: 42.3224, longitude: -83.1752 },
  timeZone: "America/Detroit",
  hours: [
    { days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "09:00", closes: "17:00" },
    { days: ["Sa"], opens: "10:00", closes: "14:00" },
  ],
  foundedYear: 2009,
  social: {
    facebook: "https://www.facebook.com/example",
    linkedin: "https://www.linkedin.com/company/example",
  },
};

export type ServiceSeed = {
  key: "tax_efiling" | "bookkeeping" | "translation" | "immigration" | "notary";
  icon: string;
  sortOrder: number;
  durationMinutes: number;
  priceFromCents: number | null;
  i18n: Localized<{ title: string; description: string; fullDescription: string }>;
};

export const services: ServiceSeed[] = [
  {
    key: "tax_efiling",
    icon: "FileText",
    sortOrder: 1,
    durationMinutes: 60,
    priceFromCents: 12500,
    i18n: {
      en: {
        title: "Tax Preparation & E-Filing",
        description:
          "Careful preparation and IRS e-filing of federal, Michigan and city income tax returns for individuals, families and small businesses.",
        fullDescription:
          "Nadia Haddad, an IRS enrolled agent, prepares and electronically files your federal return together with your Michigan return and any city income tax return (for example Detroit or Hamtramck). We handle individual returns (Form 1040), self-employed and gig-worker income (Schedule C), rental income, and returns for small businesses, partnerships and S corporations.\n\n" +
          "Also available: ITIN applications (Form W-7), amended returns (Form 1040-X), prior-year returns, extensions, and help understanding and answering letters from the IRS or the Michigan Department of Treasury. As an enrolled agent, Nadia can represent you before the IRS if questions come up after filing.\n\n" +
          "What to bring: photo ID and Social Security cards or ITIN letters for everyone on the return; all W-2, 1099 (NEC, MISC, K, INT, DIV, R, G, SSA-1099) and 1098 forms; Form 1095-A if you bought health insurance through the Marketplace; your childcare provider's details; last year's return; and a voided check or bank details for direct deposit of your refund.\n\n" +
          "Most individual returns are completed and e-filed within 2 to 5 business days after we receive complete documents; business returns usually take 1 to 2 weeks. You review and sign every return (Form 8879) before anything is transmitted, and you receive a copy of the filed return and the IRS acceptance confirmation.",
      },
      ar: {
        title: "إعداد الإقرارات الضريبية وتقديمها إلكترونيًا",
        description:
          "إعداد دقيق للإقرارات الضريبية الفيدرالية وإقرارات ولاية ميشيغان وضرائب المدن، وتقديمها إلكترونيًا إلى مصلحة الضرائب الأمريكية (IRS)، للأفراد والعائلات والشركات الصغيرة.",
        fullDescription:
          "تتولى نادية حداد، الوكيلة المسجّلة لدى مصلحة الضرائب الأمريكية (Enrolled Agent)، إعداد إقرارك الضريبي الفيدرالي وتقديمه إلكترونيًا، إلى جانب إقرار ولاية ميشيغان وأي إقرار لضريبة الدخل البلدية (مثل ديترويت أو هامترامك). ونتعامل مع الإقرارات الفردية (النموذج 1040)، ودخل العاملين لحسابهم الخاص والعاملين عبر المنصات الرقمية (الجدول C)، ودخل الإيجارات، وإقرارات الشركات الصغيرة وشركات التضامن وشركات S.\n\n" +
          "وتشمل الخدمة عند الطلب أيضًا: طلبات رقم التعريف الضريبي الفردي ITIN (النموذج W-7)، والإقرارات المعدّلة (النموذج 1040-X)، وإقرارات السنوات السابقة، وطلبات تمديد المهلة، والمساعدة في فهم الرسائل الواردة من مصلحة الضرائب الأمريكية أو من وزارة الخزانة في ميشيغان والرد عليها. وبصفتها وكيلة مسجّلة، يحق لنادية تمثيلك أمام مصلحة الضرائب إذا أُثيرت أي تساؤلات بعد تقديم الإقرار.\n\n" +
          "ما يجب إحضاره: بطاقة هوية تحمل صورة، وبطاقات الضمان الاجتماعي أو خطابات ITIN لكل من يشملهم الإقرار؛ وجميع نماذج W-2 و1099 (NEC وMISC وK وINT وDIV وR وG وSSA-1099) ونماذج 1098؛ والنموذج 1095-A إذا اشتريت تأمينًا صحيًا عبر السوق الصحية (Marketplace)؛ وبيانات الجهة التي تتولى رعاية أطفالك؛ وإقرار العام الماضي؛ وشيكًا ملغى أو بيانات حسابك المصرفي لإيداع المبلغ المسترد مباشرةً.\n\n" +
          "يُنجَز معظم الإقرارات الفردية ويُقدَّم إلكترونيًا خلال يومين إلى خمسة أيام عمل من استلام المستندات كاملة، بينما تستغرق إقرارات الشركات عادةً من أسبوع إلى أسبوعين. وتراجع كل إقرار وتوقّع عليه (النموذج 8879) قبل إرسال أي شيء، ثم تتسلّم نسخة من الإقرار المقدَّم وتأكيد قبوله من مصلحة الضرائب.",
      },
      fr: {
        title: "Préparation et télédéclaration des impôts",
        description:
          "Préparation rigoureuse et transmission électronique à l'IRS de vos déclarations de revenus fédérales, de l'État du Michigan et municipales, pour les particuliers, les familles et les petites entreprises.",
        fullDescription:
          "Nadia Haddad, agente agréée auprès de l'IRS (Enrolled Agent), prépare et transmet par voie électronique votre déclaration fédérale, ainsi que votre déclaration pour l'État du Michigan et, le cas échéant, votre déclaration d'impôt municipal sur le revenu (Detroit ou Hamtramck, par exemple). Nous traitons les déclarations individuelles (formulaire 1040), les revenus des travailleurs indépendants et des travailleurs de plateformes (annexe C), les revenus locatifs, ainsi que les déclarations des petites entreprises, des sociétés de personnes (partnerships) et des sociétés de type S.\n\n" +
          "Sur demande, nous prenons également en charge les demandes d'ITIN (formulaire W-7), les déclarations rectificatives (formulaire 1040-X), les déclarations des années antérieures, les demandes de prorogation, ainsi que l'analyse des courriers de l'IRS ou du Département du Trésor du Michigan et la préparation des réponses. En tant qu'Enrolled Agent, Nadia peut vous représenter devant l'IRS si des questions se posent après le dépôt.\n\n" +
          "À apporter : une pièce d'identité avec photo et les cartes de sécurité sociale (ou lettres d'attribution d'ITIN) de toutes les personnes figurant sur la déclaration ; tous vos formulaires W-2, 1099 (NEC, MISC, K, INT, DIV, R, G, SSA-1099) et 1098 ; le formulaire 1095-A si vous avez souscrit une assurance santé via le Marketplace ; les coordonnées de votre mode de garde d'enfants ; votre déclaration de l'an dernier ; et un chèque annulé ou vos coordonnées bancaires pour le virement direct de votre remboursement.\n\n" +
          "La plupart des déclarations individuelles sont finalisées et transmises dans un délai de 2 à 5 jours ouvrables après réception d'un dossier complet ; les déclarations d'entreprise demandent généralement 1 à 2 semaines. Vous relisez et signez chaque déclaration (formulaire 8879) avant toute transmission, puis vous recevez une copie de la déclaration déposée et la confirmation d'acceptation de l'IRS.",
      },
    },
  },
  {
    key: "bookkeeping",
    icon: "Calculator",
    sortOrder: 2,
    durationMinutes: 60,
    priceFromCents: 15000,
    i18n: {
      en: {
        title: "Bookkeeping",
        description:
          "Monthly or quarterly bookkeeping for small businesses and self-employed professionals, so your books stay clean and tax time is painless.",
        fullDescription:
          "We record and categorize your income and expenses, reconcile your bank and credit card accounts every month, and prepare a profit and loss statement and balance sheet you can actually read. We work in QuickBooks Online or Xero, or we can set up a simple system for you if you are starting from a shoebox of receipts.\n\n" +
          "Bookkeeping clients can also get help with EIN applications, Michigan sales, use and withholding tax returns, Forms 1099-NEC for contractors, and quarterly estimated tax payments. Because the same office prepares your tax return, the year-end close flows directly into your business return with no surprises.\n\n" +
          "To get started, bring your EIN confirmation letter (CP 575) or business registration, recent bank and credit card statements, any loan statements, and your prior-year business tax return. Service is available in English, Arabic and French.\n\n" +
          "Pricing is a flat monthly fee based on the number of accounts and transactions, starting at $150 per month. Catch-up bookkeeping for past months or years is quoted separately after a free review. Monthly reports are delivered by the 15th of the following month.",
      },
      ar: {
        title: "مسك الدفاتر المحاسبية",
        description:
          "مسك دفاتر شهري أو ربع سنوي للشركات الصغيرة وأصحاب المهن الحرة، لتبقى حساباتك منظّمة ويصبح موسم الضرائب أمرًا يسيرًا.",
        fullDescription:
          "نسجّل إيراداتك ومصروفاتك ونصنّفها، ونطابق حساباتك المصرفية وحسابات بطاقاتك الائتمانية كل شهر، ونعدّ لك قائمة أرباح وخسائر وميزانية عمومية واضحتين وسهلتَي القراءة. نعمل على برنامجَي QuickBooks Online وXero، ويمكننا أن ننشئ لك نظامًا بسيطًا إذا كنت تبدأ من صندوق مليء بالإيصالات.\n\n" +
          "ويمكن لعملاء مسك الدفاتر الحصول أيضًا على المساعدة في طلب رقم التعريف الضريبي لصاحب العمل (EIN)، وإقرارات ضريبة المبيعات وضريبة الاستخدام والضريبة المستقطعة في ولاية ميشيغان، ونماذج 1099-NEC للمتعاقدين المستقلين، ودفعات الضريبة التقديرية الفصلية. ولأن المكتب نفسه يُعدّ إقرارك الضريبي، ينتقل إقفال الحسابات في نهاية العام مباشرةً إلى إقرار نشاطك التجاري دون مفاجآت.\n\n" +
          "للبدء، أحضر خطاب تأكيد رقم EIN (الإشعار CP 575) أو وثيقة تسجيل نشاطك التجاري، وكشوف حساباتك المصرفية وبطاقاتك الائتمانية الأخيرة، وكشوف أي قروض، والإقرار الضريبي لنشاطك التجاري عن العام السابق. ونقدّم الخدمة بالإنجليزية والعربية والفرنسية.\n\n" +
          "تُحتسب الأتعاب رسمًا شهريًا ثابتًا بحسب عدد الحسابات والمعاملات، ابتداءً من 150 دولارًا شهريًا. أما استدراك مسك دفاتر الأشهر أو السنوات السابقة فيُسعَّر على حدة بعد مراجعة مجانية. وتُسلَّم التقارير الشهرية في موعد أقصاه اليوم الخامس عشر من الشهر التالي.",
      },
      fr: {
        title: "Tenue de comptabilité",
        description:
          "Tenue de comptabilité mensuelle ou trimestrielle pour les petites entreprises et les travailleurs indépendants : des comptes à jour et une saison fiscale sans stress.",
        fullDescription:
          "Nous enregistrons et classons vos recettes et vos dépenses, rapprochons chaque mois vos comptes bancaires et de cartes de crédit, et établissons un compte de résultat et un bilan clairs et lisibles. Nous travaillons sur QuickBooks Online ou Xero, et pouvons mettre en place pour vous un système simple si vous partez d'une boîte à chaussures pleine de reçus.\n\n" +
          "Nos clients en tenue de comptabilité peuvent aussi être accompagnés pour la demande d'EIN (numéro d'identification d'employeur), les déclarations de taxe sur les ventes, de taxe d'utilisation et de retenue à la source du Michigan, les formulaires 1099-NEC destinés aux prestataires indépendants et les acomptes d'impôt trimestriels. Comme c'est le même cabinet qui prépare votre déclaration de revenus, la clôture de fin d'année alimente directement la déclaration de votre entreprise, sans mauvaise surprise.\n\n" +
          "Pour commencer, apportez la lettre de confirmation de votre EIN (avis CP 575) ou l'immatriculation de votre entreprise, vos relevés bancaires et de cartes de crédit récents, vos éventuels relevés de prêt et la déclaration fiscale de votre entreprise pour l'année précédente. Le service est assuré en anglais, en arabe et en français.\n\n" +
          "Les honoraires sont forfaitaires et mensuels, en fonction du nombre de comptes et d'opérations, à partir de 150 $ par mois. La remise à jour d'une comptabilité en retard (mois ou années antérieurs) fait l'objet d'un devis distinct après un examen gratuit. Les rapports mensuels sont remis au plus tard le 15 du mois suivant.",
      },
    },
  },
  {
    key: "translation",
    icon: "Languages",
    sortOrder: 3,
    durationMinutes: 30,
    priceFromCents: 3500,
    i18n: {
      en: {
        title: "Certified Translation",
        description:
          "Certified translations between English, Arabic and French for USCIS, courts, schools, employers and government agencies.",
        fullDescription:
          "Every translation is completed by Nadia Haddad, a certified translator, and delivered with a signed certificate of translation stating that the translator is competent in both languages and that the translation is complete and accurate, as USCIS requires under 8 CFR 103.2(b)(3). USCIS does not require the certificate to be notarized; if a school, court or foreign authority asks for notarization, tell us in advance and we will arrange it.\n\n" +
          "Common documents include birth, marriage and divorce certificates, passports and national ID cards, diplomas and academic transcripts, police clearance certificates, court judgments, medical records, bank statements, powers of attorney and business contracts. We translate from Arabic or French into English, and from English into Arabic or French.\n\n" +
          "You can bring your documents to the office or upload clear scans or photos through your client area. We translate from a copy and never keep your originals. Names are spelled exactly as they appear in your passport, or as you instruct, so they match across all of your applications.\n\n" +
          "Standard turnaround for one to three pages of standard documents is 2 to 3 business days; rush service within 24 hours is available for most documents. Prices start at $35 per page for standard certificates; longer or technical documents are quoted per word after we review them. You receive a PDF by email and, if needed, a signed paper copy.",
      },
      ar: {
        title: "الترجمة المعتمدة",
        description:
          "ترجمة معتمدة بين الإنجليزية والعربية والفرنسية لتقديمها إلى دائرة خدمات الجنسية والهجرة الأمريكية (USCIS) والمحاكم والمدارس وأصحاب العمل والجهات الحكومية.",
        fullDescription:
          "تُنجز نادية حداد، المترجمة المعتمدة، كل ترجمة بنفسها، وتُسلَّم الترجمة مرفقة بشهادة ترجمة موقّعة تفيد بأن المترجمة متمكّنة من اللغتين وبأن الترجمة كاملة ودقيقة، وفقًا لما تشترطه دائرة USCIS بموجب المادة 8 CFR 103.2(b)(3). ولا تشترط الدائرة توثيق الشهادة لدى كاتب عدل؛ فإذا طلبت ذلك مدرسة أو محكمة أو جهة أجنبية، فأخبرنا مسبقًا وسنتولى ترتيبه.\n\n" +
          "ومن المستندات الشائعة: شهادات الميلاد والزواج والطلاق، وجوازات السفر وبطاقات الهوية الوطنية، والشهادات الدراسية وكشوف الدرجات، وشهادات حسن السيرة والسلوك (السجل العدلي)، والأحكام القضائية، والسجلات الطبية، وكشوف الحسابات المصرفية، والوكالات، والعقود التجارية. نترجم من العربية أو الفرنسية إلى الإنجليزية، ومن الإنجليزية إلى العربية أو الفرنسية.\n\n" +
          "يمكنك إحضار مستنداتك إلى المكتب، أو رفع نسخ ممسوحة ضوئيًا أو صور واضحة لها عبر حسابك في منطقة العملاء. نترجم من نسخة، ولا نحتفظ بمستنداتك الأصلية أبدًا. وتُكتب الأسماء تمامًا كما وردت في جواز سفرك أو وفق تعليماتك، حتى تتطابق في جميع طلباتك.\n\n" +
          "المدة المعتادة لترجمة صفحة إلى ثلاث صفحات من المستندات القياسية يومان إلى ثلاثة أيام عمل، وتتوفر خدمة مستعجلة خلال 24 ساعة لمعظم المستندات. تبدأ الأسعار من 35 دولارًا للصفحة في الشهادات القياسية، أما المستندات الطويلة أو التقنية فتُسعَّر بالكلمة بعد الاطلاع عليها. وتتسلّم الترجمة بصيغة PDF عبر البريد الإلكتروني، ونسخة ورقية موقّعة عند الحاجة.",
      },
      fr: {
        title: "Traduction certifiée",
        description:
          "Traductions certifiées entre l'anglais, l'arabe et le français pour l'USCIS, les tribunaux, les établissements scolaires, les employeurs et les administrations.",
        fullDescription:
          "Chaque traduction est réalisée par Nadia Haddad, traductrice certifiée, et remise avec un certificat de traduction signé attestant que la traductrice maîtrise les deux langues et que la traduction est complète et fidèle, comme l'exige l'USCIS (8 CFR 103.2(b)(3)). L'USCIS n'exige pas que ce certificat soit notarié ; si une école, un tribunal ou une autorité étrangère le demande, prévenez-nous à l'avance et nous nous en occuperons.\n\n" +
          "Documents courants : actes de naissance, de mariage et de divorce, passeports et cartes d'identité nationales, diplômes et relevés de notes, extraits de casier judiciaire, jugements, dossiers médicaux, relevés bancaires, procurations et contrats commerciaux. Nous traduisons de l'arabe ou du français vers l'anglais, et de l'anglais vers l'arabe ou le français.\n\n" +
          "Vous pouvez déposer vos documents au cabinet ou téléverser des scans ou des photos nettes depuis votre espace client. Nous traduisons à partir d'une copie et ne conservons jamais vos originaux. Les noms sont orthographiés exactement comme sur votre passeport, ou selon vos instructions, afin d'être identiques dans toutes vos démarches.\n\n" +
          "Pour une à trois pages de documents courants, le délai habituel est de 2 à 3 jours ouvrables ; un service express en 24 heures est possible pour la plupart des documents. Les tarifs commencent à 35 $ la page pour les actes standard ; les documents longs ou techniques font l'objet d'un devis au mot après examen. Vous recevez un PDF par e-mail et, si nécessaire, un exemplaire papier signé.",
      },
    },
  },
  {
    key: "immigration",
    icon: "Plane",
    sortOrder: 4,
    durationMinutes: 60,
    priceFromCents: 7500,
    i18n: {
      en: {
        title: "Immigration Document Assistance",
        description:
          "Help completing USCIS forms and assembling supporting documents, at your direction. We are not a law firm and do not give legal advice.",
        fullDescription:
          "We help you complete immigration forms accurately and assemble a clean, well-organized filing packet. Common forms include the I-130 (petition for a relative), I-485 (adjustment of status), I-765 (work permit), I-131 (travel document), I-90 (green card renewal), I-751 (removal of conditions), I-864 (affidavit of support) and N-400 (naturalization). We also prepare checklists of required evidence, certified translations of foreign-language documents, and copies arranged in the order USCIS expects. As the preparer, we complete the preparer's section of each form, as USCIS requires.\n\n" +
          "Important: Fairlane Tax & Translation is not a law firm, and neither the proprietor nor our staff are attorneys or DOJ-accredited representatives. We cannot tell you which benefit to apply for, decide whether you are eligible, or advise you how to answer legal questions on a form, and we cannot represent you before USCIS or in immigration court. We fill in forms using the information and choices you provide. If your case involves a prior denial, a criminal record, an immigration violation or any question of eligibility, please consult a licensed immigration attorney or a DOJ-accredited representative first.\n\n" +
          "What to bring: your passport, any current or previous immigration documents (I-94, visas, green card, EAD), birth and marriage certificates, prior USCIS notices, and your address and employment history for the past five years. Documents that are not in English must be translated; we can translate them for you as part of the same order.\n\n" +
          "A typical appointment lasts about an hour, and most form packets are ready for your review within 3 to 5 business days. You sign and mail the application yourself, or file it online through your own USCIS account. Government filing fees are paid directly to USCIS and are not included in our fee.",
      },
      ar: {
        title: "المساعدة في إعداد مستندات الهجرة",
        description:
          "مساعدة في تعبئة نماذج دائرة USCIS وتجميع المستندات الداعمة وفق توجيهاتك. لسنا مكتب محاماة ولا نقدّم استشارات قانونية.",
        fullDescription:
          "نساعدك على تعبئة نماذج الهجرة بدقة وتجميع ملف طلب مرتّب ومنظّم. ومن النماذج الشائعة: I-130 (عريضة لأحد الأقارب)، وI-485 (تعديل الوضع)، وI-765 (تصريح العمل)، وI-131 (وثيقة السفر)، وI-90 (تجديد البطاقة الخضراء)، وI-751 (رفع الشروط عن الإقامة الدائمة)، وI-864 (إقرار الكفالة المالية)، وN-400 (التجنّس). كما نعدّ قوائم بالأدلة المطلوبة، وترجمات معتمدة للمستندات المحرّرة بلغات أجنبية، ونسخًا مرتّبة وفق الترتيب الذي تتوقعه دائرة USCIS. وبصفتنا الجهة التي أعدّت النموذج، نملأ القسم المخصّص لمُعِدّ النموذج كما تشترط الدائرة.\n\n" +
          "تنبيه مهم: فيرلين للضرائب والترجمة ليست مكتب محاماة، فصاحبة المكتب وموظفونا ليسوا محامين ولا ممثلين معتمدين من وزارة العدل الأمريكية (DOJ). لا يمكننا أن نحدّد لك الطلب الذي ينبغي أن تتقدّم به، ولا أن نقرّر ما إذا كنت مؤهّلًا، ولا أن نرشدك إلى كيفية الإجابة عن الأسئلة القانونية في النماذج، كما لا يمكننا تمثيلك أمام دائرة USCIS أو أمام محكمة الهجرة. نحن نملأ النماذج بناءً على المعلومات والخيارات التي تقدّمها أنت. وإذا كانت حالتك تنطوي على رفض سابق، أو سجل جنائي، أو مخالفة لقوانين الهجرة، أو أي مسألة تتعلق بالأهلية، فيُرجى استشارة محامي هجرة مرخّص أو ممثل معتمد من وزارة العدل أولًا.\n\n" +
          "ما يجب إحضاره: جواز سفرك، وأي وثائق هجرة حالية أو سابقة (سجل الدخول I-94، والتأشيرات، والبطاقة الخضراء، وتصريح العمل EAD)، وشهادات الميلاد والزواج، والإشعارات السابقة الصادرة عن USCIS، وسجل عناوينك ووظائفك خلال السنوات الخمس الماضية. ويجب ترجمة المستندات غير المحرّرة بالإنجليزية، ويمكننا ترجمتها لك ضمن الطلب نفسه.\n\n" +
          "يستغرق الموعد المعتاد نحو ساعة، ويكون معظم ملفات النماذج جاهزًا لمراجعتك خلال ثلاثة إلى خمسة أيام عمل. وتوقّع الطلب وترسله بنفسك بالبريد، أو تقدّمه إلكترونيًا عبر حسابك الخاص لدى USCIS. أما رسوم التقديم الحكومية فتُدفع مباشرةً إلى USCIS، وهي غير مشمولة في أتعابنا.",
      },
      fr: {
        title: "Assistance aux démarches d'immigration",
        description:
          "Aide pour remplir les formulaires de l'USCIS et réunir les pièces justificatives, selon vos instructions. Nous ne sommes pas un cabinet d'avocats et ne donnons aucun conseil juridique.",
        fullDescription:
          "Nous vous aidons à remplir correctement vos formulaires d'immigration et à constituer un dossier clair et bien organisé. Formulaires courants : I-130 (demande pour un membre de la famille), I-485 (changement de statut, ou adjustment of status), I-765 (autorisation de travail), I-131 (document de voyage), I-90 (renouvellement de la carte verte), I-751 (levée des conditions de résidence), I-864 (engagement de prise en charge financière) et N-400 (naturalisation). Nous préparons aussi la liste des pièces à fournir, les traductions certifiées de vos documents en langue étrangère et des copies classées dans l'ordre attendu par l'USCIS. En tant que préparateur, nous remplissons la section du formulaire réservée au préparateur, comme l'exige l'USCIS.\n\n" +
          "Important : Fairlane Tax & Translation n'est pas un cabinet d'avocats ; ni la propriétaire ni nos collaborateurs ne sont avocats ou représentants accrédités par le ministère de la Justice des États-Unis (DOJ). Nous ne pouvons pas vous dire quelle demande déposer, déterminer si vous y êtes admissible, ni vous indiquer comment répondre aux questions juridiques d'un formulaire, et nous ne pouvons pas vous représenter devant l'USCIS ni devant un tribunal de l'immigration. Nous remplissons les formulaires à partir des informations et des choix que vous nous communiquez. Si votre dossier comporte un refus antérieur, des antécédents judiciaires, une infraction aux règles d'immigration ou toute question d'admissibilité, consultez d'abord un avocat spécialisé en droit de l'immigration ou un représentant accrédité par le DOJ.\n\n" +
          "À apporter : votre passeport, tous vos documents d'immigration actuels ou antérieurs (I-94, visas, carte verte, EAD), vos actes de naissance et de mariage, les avis déjà reçus de l'USCIS, ainsi que l'historique de vos adresses et de vos emplois sur les cinq dernières années. Les documents qui ne sont pas rédigés en anglais doivent être traduits : nous pouvons nous en charger dans le cadre de la même commande.\n\n" +
          "Un rendez-vous dure en général une heure environ, et la plupart des dossiers sont prêts pour votre relecture sous 3 à 5 jours ouvrables. Vous signez et envoyez vous-même la demande par courrier, ou la déposez en ligne depuis votre propre compte USCIS. Les frais de dépôt sont réglés directement à l'USCIS et ne sont pas compris dans nos honoraires.",
      },
    },
  },
  {
    key: "notary",
    icon: "Stamp",
    sortOrder: 5,
    durationMinutes: 30,
    priceFromCents: 1000,
    i18n: {
      en: {
        title: "Notary Public",
        description:
          "Quick notarization of signatures, affidavits and oaths by a Michigan notary public, by appointment or walk-in during office hours.",
        fullDescription:
          "Nadia Haddad is commissioned as a notary public in the State of Michigan. We notarize signatures on affidavits, powers of attorney, travel consent letters for minors, vehicle title paperwork, and lease or employment letters, and we administer oaths and affirmations.\n\n" +
          "Bring a valid, unexpired government-issued photo ID (driver's license, state ID or passport) for every person signing, and the complete, unsigned document: you must sign in front of the notary. If the document requires witnesses, please bring your own witnesses, each with a photo ID.\n\n" +
          "A notary public verifies identity and witnesses signatures; a notary does not draft legal documents, explain their legal effect or give legal advice. In the United States, a notary public is not an attorney, unlike a notario público or a notary in many other countries.\n\n" +
          "The fee is $10 per notarial act, within the limit set by Michigan law. Most notarizations take less than 15 minutes. Walk-ins are welcome whenever the notary is available, but booking a 30-minute appointment guarantees you will not have to wait.",
      },
      ar: {
        title: "خدمات كاتب العدل (Notary Public)",
        description:
          "توثيق سريع للتواقيع والإقرارات المشفوعة باليمين لدى كاتبة عدل معتمدة في ولاية ميشيغان، بموعد مسبق أو دون موعد خلال ساعات العمل.",
        fullDescription:
          "نادية حداد مفوَّضة رسميًا بصفة كاتبة عدل (Notary Public) في ولاية ميشيغان. نوثّق التواقيع على الإقرارات المشفوعة باليمين، والوكالات، وخطابات موافقة الوالدين على سفر القاصرين، ومستندات ملكية المركبات، وخطابات الإيجار والعمل، كما نتولى تحليف اليمين وتلقّي الإقرارات الرسمية.\n\n" +
          "أحضر بطاقة هوية سارية تحمل صورة وصادرة عن جهة حكومية (رخصة قيادة أو بطاقة هوية الولاية أو جواز سفر) لكل شخص سيوقّع، وأحضر المستند كاملًا دون توقيع، إذ يجب أن توقّع أمام كاتب العدل. وإذا تطلّب المستند شهودًا، فيُرجى إحضار شهودك ومع كلٍّ منهم بطاقة هوية تحمل صورة.\n\n" +
          "يتحقّق كاتب العدل من الهوية ويشهد على التوقيع، لكنه لا يصوغ المستندات القانونية ولا يشرح آثارها القانونية ولا يقدّم استشارات قانونية. ففي الولايات المتحدة، لا يكون كاتب العدل (Notary Public) محاميًا ولا رجل قانون، خلافًا للموثّق أو الكاتب العدل في كثير من البلدان الأخرى.\n\n" +
          "الرسم 10 دولارات عن كل إجراء توثيقي، ضمن الحد الذي يسمح به قانون ولاية ميشيغان. ويستغرق معظم عمليات التوثيق أقل من 15 دقيقة. نرحّب بالزيارات دون موعد متى كانت كاتبة العدل متاحة، لكن حجز موعد مدته 30 دقيقة يضمن لك عدم الانتظار.",
      },
      fr: {
        title: "Notaire public",
        description:
          "Authentification rapide de signatures, de déclarations sous serment et prestations de serment par un notaire public du Michigan, sur rendez-vous ou sans rendez-vous pendant les heures d'ouverture.",
        fullDescription:
          "Nadia Haddad est commissionnée comme notaire public dans l'État du Michigan. Nous authentifions les signatures apposées sur des déclarations sous serment (affidavits), des procurations, des autorisations de voyage pour mineurs, des documents relatifs aux titres de propriété de véhicules et des attestations de bail ou d'emploi ; nous recevons également les serments et les affirmations solennelles.\n\n" +
          "Apportez une pièce d'identité officielle avec photo en cours de validité (permis de conduire, carte d'identité de l'État ou passeport) pour chaque signataire, ainsi que le document complet et non signé : vous devez signer devant le notaire public. Si le document exige des témoins, merci de venir avec vos propres témoins, munis chacun d'une pièce d'identité avec photo.\n\n" +
          "Un notaire public vérifie l'identité des signataires et atteste leur signature ; il ne rédige pas d'actes juridiques, n'en explique pas la portée juridique et ne donne aucun conseil juridique. Aux États-Unis, un notaire public n'est ni avocat ni juriste, contrairement au notaire en France, en Belgique, au Maroc ou dans de nombreux autres pays.\n\n" +
          "Le tarif est de 10 $ par acte d'authentification, dans la limite fixée par la loi du Michigan. La plupart des authentifications prennent moins de 15 minutes. Nous accueillons les clients sans rendez-vous dès que le notaire public est disponible, mais réserver un créneau de 30 minutes vous garantit de ne pas attendre.",
      },
    },
  },
];

export type FaqSeed = { sortOrder: number; i18n: Localized<{ question: string; answer: string }> };

export const faqs: FaqSeed[] = [
  {
    sortOrder: 1,
    i18n: {
      en: {
        question: "What documents should I bring to my tax appointment?",
        answer:
          "Bring a photo ID and the Social Security cards or ITIN letters for you, your spouse and your dependents; all income forms (W-2, 1099-NEC, 1099-K, 1099-INT, 1099-R, SSA-1099 and similar); Form 1098 for mortgage interest and Form 1098-T for tuition; Form 1095-A if you have Marketplace health insurance; records of childcare costs and charitable donations; and last year's federal and Michigan returns. Self-employed clients should also bring a summary of business income and expenses. Not sure you have everything? Bring what you have and we will give you a checklist for anything missing.",
      },
      ar: {
        question: "ما المستندات التي يجب أن أحضرها إلى موعد إعداد الإقرار الضريبي؟",
        answer:
          "أحضر بطاقة هوية تحمل صورة، وبطاقات الضمان الاجتماعي أو خطابات ITIN لك ولزوجك ولمن تعولهم؛ وجميع نماذج الدخل (W-2 و1099-NEC و1099-K و1099-INT و1099-R وSSA-1099 وما شابهها)؛ والنموذج 1098 لفوائد الرهن العقاري والنموذج 1098-T للرسوم الدراسية؛ والنموذج 1095-A إذا كان لديك تأمين صحي من السوق الصحية (Marketplace)؛ وسجلات نفقات رعاية الأطفال والتبرعات الخيرية؛ وإقرارَي العام الماضي الفيدرالي والخاص بولاية ميشيغان. وعلى العاملين لحسابهم الخاص إحضار ملخّص لإيرادات نشاطهم ومصروفاته أيضًا. ألست متأكدًا من اكتمال مستنداتك؟ أحضر ما لديك، وسنزوّدك بقائمة بما ينقصك.",
      },
      fr: {
        question: "Quels documents apporter à mon rendez-vous pour ma déclaration de revenus ?",
        answer:
          "Apportez une pièce d'identité avec photo et les cartes de sécurité sociale ou lettres d'ITIN pour vous, votre conjoint et vos personnes à charge ; tous vos justificatifs de revenus (W-2, 1099-NEC, 1099-K, 1099-INT, 1099-R, SSA-1099, etc.) ; le formulaire 1098 pour les intérêts d'emprunt immobilier et le 1098-T pour les frais de scolarité ; le formulaire 1095-A si vous êtes assuré via le Marketplace ; les justificatifs de frais de garde d'enfants et de dons ; et vos déclarations fédérale et du Michigan de l'an dernier. Les travailleurs indépendants apportent aussi un récapitulatif de leurs recettes et dépenses professionnelles. Vous n'êtes pas sûr d'avoir tout ? Venez avec ce que vous avez : nous vous remettrons la liste des pièces manquantes.",
      },
    },
  },
  {
    sortOrder: 2,
    i18n: {
      en: {
        question: "Are your certified translations accepted by USCIS?",
        answer:
          "Yes. Each certified translation includes a signed certification stating that the translator is competent to translate from the foreign language into English and that the translation is complete and accurate, which is what USCIS requires under 8 CFR 103.2(b)(3). Submit the certified translation together with a copy of the original document. Our translations are also used for courts, universities, employers and other agencies; if an organization has special requirements, such as notarization or an apostille, tell us before we start.",
      },
      ar: {
        question: "هل تقبل دائرة USCIS ترجماتكم المعتمدة؟",
        answer:
          "نعم. تتضمن كل ترجمة معتمدة إفادة موقّعة بأن المترجمة متمكّنة من الترجمة من اللغة الأجنبية إلى الإنجليزية وبأن الترجمة كاملة ودقيقة، وهو ما تشترطه دائرة USCIS بموجب المادة 8 CFR 103.2(b)(3). قدّم الترجمة المعتمدة مع نسخة من المستند الأصلي. وتُستخدم ترجماتنا كذلك لدى المحاكم والجامعات وأصحاب العمل وغيرها من الجهات؛ فإذا كانت لجهة ما متطلبات خاصة، كالتوثيق لدى كاتب العدل أو التصديق بالأبوستيل (Apostille)، فأخبرنا بذلك قبل أن نبدأ.",
      },
      fr: {
        question: "Vos traductions certifiées sont-elles acceptées par l'USCIS ?",
        answer:
          "Oui. Chaque traduction certifiée comporte une attestation signée indiquant que la traductrice est compétente pour traduire de la langue étrangère vers l'anglais et que la traduction est complète et fidèle, conformément à l'exigence de l'USCIS (8 CFR 103.2(b)(3)). Joignez la traduction certifiée à une copie du document original. Nos traductions servent aussi auprès des tribunaux, des universités, des employeurs et d'autres organismes ; si l'un d'eux impose des exigences particulières, comme une authentification par un notaire public ou une apostille, signalez-le-nous avant que nous commencions.",
      },
    },
  },
  {
    sortOrder: 3,
    i18n: {
      en: {
        question: "Do you give legal advice on immigration matters?",
        answer:
          "No. We are not a law firm, and no one at our office is an attorney or a DOJ-accredited representative. We help you complete and organize immigration forms based on the information and choices you give us, translate your supporting documents and prepare copies, but we cannot advise you on eligibility, which form to file or how to answer legal questions, and we cannot represent you before USCIS or an immigration court. For legal advice, please consult a licensed immigration attorney or a DOJ-accredited representative at a recognized nonprofit organization.",
      },
      ar: {
        question: "هل تقدّمون استشارات قانونية في مسائل الهجرة؟",
        answer:
          "لا. لسنا مكتب محاماة، وليس في مكتبنا محامٍ ولا ممثل معتمد من وزارة العدل الأمريكية (DOJ). نساعدك على تعبئة نماذج الهجرة وتنظيمها بناءً على المعلومات والخيارات التي تقدّمها لنا، ونترجم مستنداتك الداعمة ونعدّ نسخها، لكننا لا نستطيع إرشادك بشأن الأهلية أو النموذج الذي ينبغي تقديمه أو كيفية الإجابة عن الأسئلة القانونية، ولا يمكننا تمثيلك أمام دائرة USCIS أو محكمة الهجرة. وللحصول على استشارة قانونية، يُرجى مراجعة محامي هجرة مرخّص أو ممثل معتمد من وزارة العدل لدى منظمة غير ربحية معترف بها.",
      },
      fr: {
        question: "Donnez-vous des conseils juridiques en matière d'immigration ?",
        answer:
          "Non. Nous ne sommes pas un cabinet d'avocats, et personne au cabinet n'est avocat ni représentant accrédité par le ministère de la Justice des États-Unis (DOJ). Nous vous aidons à remplir et à organiser vos formulaires d'immigration à partir des informations et des choix que vous nous communiquez, nous traduisons vos pièces justificatives et préparons les copies ; en revanche, nous ne pouvons pas vous conseiller sur votre admissibilité, sur le formulaire à déposer ni sur la façon de répondre aux questions juridiques, et nous ne pouvons pas vous représenter devant l'USCIS ou un tribunal de l'immigration. Pour un conseil juridique, adressez-vous à un avocat spécialisé en droit de l'immigration ou à un représentant accrédité par le DOJ au sein d'une association reconnue.",
      },
    },
  },
  {
    sortOrder: 4,
    i18n: {
      en: {
        question: "How do I book an appointment?",
        answer:
          "Use “Schedule an Appointment” on our website to choose a service and an open time slot, call us at (313) 555-0142, or stop by during office hours: Monday to Friday from 9:00 a.m. to 5:00 p.m. and Saturday from 10:00 a.m. to 2:00 p.m. (Eastern Time). Signed-in clients can view, reschedule or cancel their appointments in the client area. If you cannot make it, please let us know at least 24 hours in advance so we can offer the time to someone else.",
      },
      ar: {
        question: "كيف أحجز موعدًا؟",
        answer:
          "استخدم خيار «حجز موعد» على موقعنا لاختيار الخدمة والوقت المتاح، أو اتصل بنا على الرقم 313-555-0142، أو زُرنا خلال ساعات العمل: من الاثنين إلى الجمعة من الساعة 9:00 صباحًا حتى 5:00 مساءً، ويوم السبت من 10:00 صباحًا حتى 2:00 ظهرًا (بالتوقيت الشرقي للولايات المتحدة). ويمكن للعملاء المسجّلين عرض مواعيدهم أو تغييرها أو إلغاؤها من منطقة العملاء. وإذا تعذّر عليك الحضور، فيُرجى إبلاغنا قبل 24 ساعة على الأقل لنتمكّن من إتاحة الموعد لعميل آخر.",
      },
      fr: {
        question: "Comment prendre rendez-vous ?",
        answer:
          "Utilisez « Prendre rendez-vous » sur notre site pour choisir un service et un créneau disponible, appelez-nous au (313) 555-0142 ou passez pendant nos heures d'ouverture : du lundi au vendredi de 9 h à 17 h et le samedi de 10 h à 14 h (heure de l'Est). Les clients connectés peuvent consulter, déplacer ou annuler leurs rendez-vous depuis leur espace client. En cas d'empêchement, prévenez-nous au moins 24 heures à l'avance afin que nous puissions proposer le créneau à quelqu'un d'autre.",
      },
    },
  },
  {
    sortOrder: 5,
    i18n: {
      en: {
        question: "How do I pay, and how are my documents protected?",
        answer:
          "We accept cash, checks, and debit and credit cards. Every job is quoted before we begin, and payment is due when the work is delivered. Please do not email tax or identity documents; upload them through your secure client area instead, where files are encrypted in transit and at rest and are visible only to you and our staff. Paper documents are kept in locked storage, and we follow IRS guidance on safeguarding taxpayer data, including a written information security plan. We never sell your information, and as required by Internal Revenue Code section 7216 we never use or disclose your tax return information for any other purpose without your written consent.",
      },
      ar: {
        question: "كيف أدفع، وكيف تُحمى مستنداتي؟",
        answer:
          "نقبل الدفع نقدًا أو بالشيكات أو ببطاقات الخصم والائتمان. ونحدّد سعر كل عمل قبل البدء به، ويُستحق الدفع عند تسليم العمل. يُرجى عدم إرسال مستنداتك الضريبية أو وثائق هويتك بالبريد الإلكتروني، بل ارفعها عبر منطقة العملاء الآمنة، حيث تُشفَّر الملفات أثناء النقل والتخزين ولا يطّلع عليها سواك وموظفونا. وتُحفظ المستندات الورقية في خزائن مقفلة، ونلتزم بإرشادات مصلحة الضرائب الأمريكية لحماية بيانات المكلّفين، بما في ذلك خطة مكتوبة لأمن المعلومات. لا نبيع معلوماتك أبدًا، ووفقًا للمادة 7216 من قانون الإيرادات الداخلية، لا نستخدم معلومات إقرارك الضريبي ولا نفصح عنها لأي غرض آخر دون موافقتك الخطية.",
      },
      fr: {
        question: "Comment payer, et comment mes documents sont-ils protégés ?",
        answer:
          "Nous acceptons les espèces, les chèques et les cartes de débit et de crédit. Chaque prestation fait l'objet d'un devis avant de commencer, et le paiement est dû à la livraison. Merci de ne pas envoyer vos documents fiscaux ou d'identité par e-mail : téléversez-les plutôt depuis votre espace client sécurisé, où les fichiers sont chiffrés pendant leur transfert et leur stockage et ne sont accessibles qu'à vous et à notre équipe. Les documents papier sont conservés sous clé, et nous appliquons les recommandations de l'IRS en matière de protection des données des contribuables, notamment un plan écrit de sécurité de l'information. Nous ne vendons jamais vos informations et, comme l'exige l'article 7216 de l'Internal Revenue Code, nous n'utilisons ni ne divulguons jamais les informations de votre déclaration de revenus à d'autres fins sans votre consentement écrit.",
      },
    },
  },
];

export type StatSeed = { key: string; value: number; suffix: string; i18n: Localized<{ label: string }> };

export const stats: StatSeed[] = [
  {
    key: "years_experience",
    value: 20,
    suffix: "+",
    i18n: {
      en: { label: "Years of Combined Experience" },
      ar: { label: "عامًا من الخبرة المجتمعة" },
      fr: { label: "Ans d'expérience cumulée" },
    },
  },
  {
    key: "returns_filed",
    value: 3500,
    suffix: "+",
    i18n: {
      en: { label: "Tax Returns Filed" },
      ar: { label: "إقرار ضريبي مقدَّم" },
      fr: { label: "Déclarations de revenus déposées" },
    },
  },
  {
    key: "documents_translated",
    value: 6000,
    suffix: "+",
    i18n: {
      en: { label: "Documents Translated" },
      ar: { label: "مستند مترجَم" },
      fr: { label: "Documents traduits" },
    },
  },
  {
    key: "clients_served",
    value: 2500,
    suffix: "+",
    i18n: {
      en: { label: "Clients Served" },
      ar: { label: "عميل يثق بنا" },
      fr: { label: "Clients accompagnés" },
    },
  },
];

export const sections = {
  hero: {
    en: {
      title: "Taxes, Translation and Notary, All Under One Roof",
      subtitle:
        "IRS e-filing, bookkeeping, certified English, Arabic and French translation, immigration document preparation and notary services for individuals and small businesses in Dearborn and across Metro Detroit.",
    },
    ar: {
      title: "الضرائب والترجمة والتوثيق تحت سقف واحد",
      subtitle:
        "تقديم الإقرارات الضريبية إلكترونيًا إلى مصلحة الضرائب الأمريكية، ومسك الدفاتر، والترجمة المعتمدة بين الإنجليزية والعربية والفرنسية، وإعداد مستندات الهجرة، وخدمات كاتب العدل، للأفراد والشركات الصغيرة في ديربورن وفي منطقة ديترويت الكبرى.",
    },
    fr: {
      title: "Impôts, traduction et notaire public : tout sous un même toit",
      subtitle:
        "Télédéclaration auprès de l'IRS, tenue de comptabilité, traduction certifiée anglais-arabe-français, préparation de dossiers d'immigration et authentification de signatures pour les particuliers et les petites entreprises de Dearborn et de toute l'agglomération de Detroit.",
    },
  },
  about: {
    en: {
      title: "Meet Nadia Haddad, EA",
      body:
        "Fairlane Tax & Translation is a small, independent office in east Dearborn run by Nadia Haddad, an IRS enrolled agent and a certified translator working in English, Arabic and French. Together, her tax and translation careers add up to more than 20 years of combined experience helping families, newcomers and small business owners with the paperwork that matters most.\n\n" +
        "As an enrolled agent, Nadia is federally authorized by the IRS to prepare tax returns and to represent taxpayers before the IRS. As a translator, she prepares certified translations for USCIS, courts and universities, and as a Michigan notary public she can notarize your other documents during the same visit.\n\n" +
        "Since opening the office in 2009, Nadia has kept things simple: clear prices quoted before work begins, appointments that start on time, careful handling of your personal documents, and answers in the language you are most comfortable with.",
    },
    ar: {
      title: "تعرّف على نادية حداد",
      body:
        "فيرلين للضرائب والترجمة مكتب صغير مستقل في شرق ديربورن تديره نادية حداد، الوكيلة المسجّلة لدى مصلحة الضرائب الأمريكية والمترجمة المعتمدة للغات الإنجليزية والعربية والفرنسية. ويزيد مجموع خبرتها في مجالَي الضرائب والترجمة على 20 عامًا، أمضتها في مساعدة العائلات والقادمين الجدد وأصحاب الأعمال الصغيرة على إنجاز أهم معاملاتهم الورقية.\n\n" +
        "وبصفتها وكيلة مسجّلة، تحمل نادية تفويضًا اتحاديًا من مصلحة الضرائب الأمريكية يخوّلها إعداد الإقرارات الضريبية وتمثيل المكلّفين أمام المصلحة. وبصفتها مترجمة، تُعدّ ترجمات معتمدة لتقديمها إلى دائرة USCIS والمحاكم والجامعات، وبصفتها كاتبة عدل في ولاية ميشيغان، يمكنها توثيق مستنداتك الأخرى في الزيارة نفسها.\n\n" +
        "ومنذ افتتاح المكتب عام 2009، حافظت نادية على نهج بسيط: أسعار واضحة تُحدَّد قبل بدء العمل، ومواعيد تبدأ في وقتها، وعناية فائقة بمستنداتك الشخصية، وإجابات باللغة التي ترتاح إليها أكثر.",
    },
    fr: {
      title: "Découvrez Nadia Haddad, EA",
      body:
        "Fairlane Tax & Translation est un petit cabinet indépendant situé dans l'est de Dearborn et dirigé par Nadia Haddad, agente agréée auprès de l'IRS (Enrolled Agent) et traductrice certifiée pour l'anglais, l'arabe et le français. Son parcours en fiscalité et en traduction totalise plus de 20 ans d'expérience cumulée au service des familles, des nouveaux arrivants et des dirigeants de petites entreprises, pour les démarches administratives qui comptent le plus.\n\n" +
        "En tant qu'Enrolled Agent, Nadia est habilitée au niveau fédéral par l'IRS à préparer des déclarations de revenus et à représenter les contribuables devant l'administration fiscale. En tant que traductrice, elle réalise des traductions certifiées destinées à l'USCIS, aux tribunaux et aux universités ; et en tant que notaire public du Michigan, elle peut authentifier vos autres documents lors du même rendez-vous.\n\n" +
        "Depuis l'ouverture du cabinet en 2009, Nadia reste fidèle à des principes simples : des tarifs clairs annoncés avant le début du travail, des rendez-vous qui commencent à l'heure, un soin rigoureux de vos documents personnels et des réponses dans la langue où vous êtes le plus à l'aise.",
    },
  },
  cta: {
    en: {
      title: "Ready to Get Started?",
      body: "Book an appointment online in less than a minute, call us at (313) 555-0142, or send us a message and we will reply within one business day. Walk-ins are welcome for notary services during office hours.",
    },
    ar: {
      title: "هل أنت مستعد للبدء؟",
      body: "احجز موعدك عبر الإنترنت في أقل من دقيقة، أو اتصل بنا على الرقم 313-555-0142، أو أرسل إلينا رسالة وسنرد عليك خلال يوم عمل واحد. ونرحّب بالزيارات دون موعد لخدمات التوثيق خلال ساعات العمل.",
    },
    fr: {
      title: "Prêt à commencer ?",
      body: "Réservez un rendez-vous en ligne en moins d'une minute, appelez-nous au (313) 555-0142 ou envoyez-nous un message : nous vous répondrons sous un jour ouvrable. Pour les services de notaire public, nous accueillons aussi les clients sans rendez-vous pendant les heures d'ouverture.",
    },
  },
} satisfies Record<string, Localized<Record<string, string>>>;

/** The footer's editable blocks: a short note under the office, and the useful links (official sites). */
export const footer: Localized<{ note: string; links: Array<{ label: string; url: string }> }> = {
  en: {
    note: "",
    links: [
      { label: "IRS: Where's My Refund?", url: "https://www.irs.gov/wheres-my-refund" },
      { label: "Michigan: check your state refund", url: "https://www.michigan.gov/taxes/iit/refund" },
      { label: "USCIS: check your case status", url: "https://egov.uscis.gov/" },
      { label: "IRS: make a payment", url: "https://www.irs.gov/payments" },
    ],
  },
  ar: {
    note: "",
    links: [
      { label: "مصلحة الضرائب: أين المبلغ المسترد؟", url: "https://www.irs.gov/wheres-my-refund" },
      { label: "ميشيغان: تتبّع المبلغ المسترد من الولاية", url: "https://www.michigan.gov/taxes/iit/refund" },
      { label: "دائرة USCIS: تتبّع حالة ملفك", url: "https://egov.uscis.gov/" },
      { label: "مصلحة الضرائب: سداد مستحقاتك", url: "https://www.irs.gov/payments" },
    ],
  },
  fr: {
    note: "",
    links: [
      { label: "IRS : où en est mon remboursement ?", url: "https://www.irs.gov/wheres-my-refund" },
      { label: "Michigan : suivre votre remboursement", url: "https://www.michigan.gov/taxes/iit/refund" },
      { label: "USCIS : suivre votre dossier", url: "https://egov.uscis.gov/" },
      { label: "IRS : effectuer un paiement", url: "https://www.irs.gov/payments" },
    ],
  },
};

export type TestimonialSeed = {
  authorName: string;
  rating: number;
  i18n: Localized<{ quote: string; authorTitle: string }>;
};

export const testimonials: TestimonialSeed[] = [
  {
    authorName: "Samir K.",
    rating: 5,
    i18n: {
      en: {
        quote:
          "Nadia has prepared our family's taxes for years. She explains everything in Arabic for my parents and in English for me, and our refunds always arrive on time.",
        authorTitle: "Tax client, Dearborn",
      },
      ar: {
        quote:
          "تُعدّ نادية الإقرارات الضريبية لعائلتنا منذ سنوات. تشرح كل شيء لوالديّ بالعربية ولي بالإنجليزية، وتصلنا المبالغ المستردة دائمًا في موعدها.",
        authorTitle: "عميل خدمات الضرائب، ديربورن",
      },
      fr: {
        quote:
          "Nadia prépare les déclarations de revenus de notre famille depuis des années. Elle explique tout en arabe à mes parents et en anglais pour moi, et nos remboursements arrivent toujours à temps.",
        authorTitle: "Client fiscalité, Dearborn",
      },
    },
  },
  {
    authorName: "Claire M.",
    rating: 5,
    i18n: {
      en: {
        quote:
          "My French birth and marriage certificates were translated in two days, and USCIS accepted them without a single question. Professional, fast and fairly priced.",
        authorTitle: "Translation client, Ann Arbor",
      },
      ar: {
        quote:
          "تُرجمت شهادتا ميلادي وزواجي الفرنسيتان في يومين، وقبلتهما دائرة USCIS دون أي استفسار. عمل احترافي وسريع وبسعر منصف.",
        authorTitle: "عميلة خدمات الترجمة، آن آربر",
      },
      fr: {
        quote:
          "Mes actes de naissance et de mariage français ont été traduits en deux jours, et l'USCIS les a acceptés sans la moindre question. Un travail professionnel, rapide et à un prix juste.",
        authorTitle: "Cliente traduction, Ann Arbor",
      },
    },
  },
  {
    authorName: "Daniel R.",
    rating: 5,
    i18n: {
      en: {
        quote:
          "Since Fairlane took over my bookkeeping, I know exactly where my restaurant stands every month, and tax season is no longer a panic.",
        authorTitle: "Restaurant owner, Dearborn Heights",
      },
      ar: {
        quote:
          "منذ أن تولّت فيرلين مسك دفاتري، أصبحت أعرف بدقة وضع مطعمي كل شهر، ولم يعد موسم الضرائب مصدر قلق.",
        authorTitle: "صاحب مطعم، ديربورن هايتس",
      },
      fr: {
        quote:
          "Depuis que Fairlane tient ma comptabilité, je sais exactement où en est mon restaurant chaque mois, et la saison des impôts n'est plus synonyme de panique.",
        authorTitle: "Restaurateur, Dearborn Heights",
      },
    },
  },
];

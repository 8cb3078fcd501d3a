import { createTemplate, listTemplates, type Actor } from "~/features/requests/index.server";

/**
 * The demo's request templates: a tax return's documents and questions, a translation's
 * originals and the spelling of names as in the passport, an immigration file's evidence; each
 * in English, Arabic and French. A template already there (same service, language and title)
 * is left as it is, so the seeder runs again safely and staff's edits stay.
 */
type Item = {
  kind: "document" | "question" | "confirmation";
  answerType?: "short_text" | "long_text" | "yes_no" | "date" | "number" | "choice";
  choices?: string[];
  label: string;
  hint?: string;
  required?: boolean;
};
type DemoTemplate = { serviceKey: string; locale: "en" | "ar" | "fr"; title: string; message: string; items: Item[] };

export const DEMO_REQUEST_TEMPLATES: DemoTemplate[] = [
  {
    serviceKey: "tax_efiling",
    locale: "en",
    title: "Tax return: documents and questions",
    message: "To prepare your return we need the documents and answers below. Upload what you have; mark anything that does not apply to you.",
    items: [
      { kind: "document", label: "W-2 forms", hint: "One from every employer you had last year." },
      { kind: "document", label: "1099 forms", hint: "Interest, dividends, freelance income (1099-INT, 1099-DIV, 1099-NEC).", required: false },
      { kind: "document", label: "Last year's tax return", hint: "The full PDF, if we did not prepare it.", required: false },
      {
        kind: "question",
        answerType: "choice",
        label: "Filing status",
        choices: ["Single", "Married filing jointly", "Married filing separately", "Head of household"],
      },
      { kind: "question", answerType: "number", label: "How many dependants do you claim?" },
      { kind: "question", answerType: "yes_no", label: "Did your address change during the year?" },
      { kind: "confirmation", label: "I have no other income to report." },
    ],
  },
  {
    serviceKey: "tax_efiling",
    locale: "ar",
    title: "الإقرار الضريبي: المستندات والأسئلة",
    message: "لإعداد إقرارك نحتاج إلى المستندات والإجابات أدناه. ارفع ما لديك، وأشِر إلى ما لا ينطبق عليك.",
    items: [
      { kind: "document", label: "نماذج W-2", hint: "نموذج من كل صاحب عمل عملت لديه في العام الماضي." },
      { kind: "document", label: "نماذج 1099", hint: "الفوائد وأرباح الأسهم ودخل العمل الحر (1099-INT و1099-DIV و1099-NEC).", required: false },
      { kind: "document", label: "إقرار العام الماضي", hint: "ملف PDF كامل، إن لم نكن قد أعددناه.", required: false },
      { kind: "question", answerType: "choice", label: "حالة الإقرار", choices: ["أعزب", "متزوج بإقرار مشترك", "متزوج بإقرار منفصل", "عائل أسرة"] },
      { kind: "question", answerType: "number", label: "كم عدد المُعالين الذين تطالب بهم؟" },
      { kind: "question", answerType: "yes_no", label: "هل تغيّر عنوانك خلال العام؟" },
      { kind: "confirmation", label: "ليس لدي دخل آخر للإبلاغ عنه." },
    ],
  },
  {
    serviceKey: "tax_efiling",
    locale: "fr",
    title: "Déclaration d'impôts : documents et questions",
    message:
      "Pour préparer votre déclaration, nous avons besoin des documents et réponses ci-dessous. Envoyez ce que vous avez ; signalez ce qui ne vous concerne pas.",
    items: [
      { kind: "document", label: "Formulaires W-2", hint: "Un par employeur de l'année dernière." },
      { kind: "document", label: "Formulaires 1099", hint: "Intérêts, dividendes, revenus indépendants (1099-INT, 1099-DIV, 1099-NEC).", required: false },
      { kind: "document", label: "Déclaration de l'année dernière", hint: "Le PDF complet, si nous ne l'avons pas préparée.", required: false },
      {
        kind: "question",
        answerType: "choice",
        label: "Situation fiscale",
        choices: ["Célibataire", "Marié(e), déclaration commune", "Marié(e), déclaration séparée", "Chef de famille"],
      },
      { kind: "question", answerType: "number", label: "Combien de personnes à charge déclarez-vous ?" },
      { kind: "question", answerType: "yes_no", label: "Avez-vous changé d'adresse pendant l'année ?" },
      { kind: "confirmation", label: "Je n'ai pas d'autres revenus à déclarer." },
    ],
  },
  {
    serviceKey: "translation",
    locale: "en",
    title: "Translation: originals and names",
    message: "Please send the documents to translate and tell us how every name is spelled in your passport, so the translation matches it exactly.",
    items: [
      { kind: "document", label: "Original documents", hint: "A clear scan or photo of every page, stamps and back sides included." },
      { kind: "document", label: "Passport identity page", hint: "So names are spelled as in your passport." },
      {
        kind: "question",
        answerType: "long_text",
        label: "Spelling of every name as in the passport",
        hint: "One name per line, in Latin letters exactly as printed.",
      },
      { kind: "question", answerType: "short_text", label: "Where will the translation be submitted?", hint: "For example USCIS, a university or a court." },
      { kind: "question", answerType: "choice", label: "Certification needed", choices: ["Certified", "Certified and notarized", "None"] },
      { kind: "confirmation", label: "The documents I upload are complete and unaltered." },
    ],
  },
  {
    serviceKey: "translation",
    locale: "ar",
    title: "الترجمة: المستندات الأصلية والأسماء",
    message: "يرجى إرسال المستندات المطلوب ترجمتها وإخبارنا بطريقة كتابة كل اسم في جواز سفرك، لتطابقه الترجمة تمامًا.",
    items: [
      { kind: "document", label: "المستندات الأصلية", hint: "صورة أو نسخة ممسوحة واضحة لكل صفحة، بما في ذلك الأختام والظهر." },
      { kind: "document", label: "صفحة البيانات في جواز السفر", hint: "لتُكتب الأسماء كما في جواز سفرك." },
      { kind: "question", answerType: "long_text", label: "كتابة كل اسم كما في جواز السفر", hint: "اسم واحد في كل سطر، بالحروف اللاتينية كما هو مطبوع تمامًا." },
      { kind: "question", answerType: "short_text", label: "أين ستُقدَّم الترجمة؟", hint: "مثل دائرة الهجرة (USCIS) أو جامعة أو محكمة." },
      { kind: "question", answerType: "choice", label: "التصديق المطلوب", choices: ["ترجمة معتمدة", "معتمدة وموثقة لدى كاتب عدل", "لا شيء"] },
      { kind: "confirmation", label: "المستندات التي أرفعها كاملة وغير معدّلة." },
    ],
  },
  {
    serviceKey: "translation",
    locale: "fr",
    title: "Traduction : originaux et noms",
    message:
      "Merci d'envoyer les documents à traduire et de nous indiquer l'orthographe de chaque nom dans votre passeport, pour que la traduction y corresponde exactement.",
    items: [
      { kind: "document", label: "Documents originaux", hint: "Un scan ou une photo nette de chaque page, tampons et versos compris." },
      { kind: "document", label: "Page d'identité du passeport", hint: "Pour que les noms soient écrits comme dans votre passeport." },
      {
        kind: "question",
        answerType: "long_text",
        label: "Orthographe de chaque nom comme dans le passeport",
        hint: "Un nom par ligne, en lettres latines, exactement comme imprimé.",
      },
      {
        kind: "question",
        answerType: "short_text",
        label: "Où la traduction sera-t-elle remise ?",
        hint: "Par exemple l'USCIS, une université ou un tribunal.",
      },
      { kind: "question", answerType: "choice", label: "Certification nécessaire", choices: ["Certifiée", "Certifiée et notariée", "Aucune"] },
      { kind: "confirmation", label: "Les documents que j'envoie sont complets et non modifiés." },
    ],
  },
  {
    serviceKey: "immigration",
    locale: "en",
    title: "Immigration file: evidence",
    message: "These are the documents and answers your file needs. Upload each one as soon as you have it; we review them as they come in.",
    items: [
      { kind: "document", label: "Passport", hint: "The identity page and every page with a visa or an entry stamp." },
      { kind: "document", label: "Proof of current status", hint: "Your visa, I-94 record or green card." },
      { kind: "document", label: "Civil documents", hint: "Birth and marriage certificates, with certified translations." },
      {
        kind: "document",
        label: "Financial evidence",
        hint: "Tax returns, pay stubs or an affidavit of support (I-864) for the last three years.",
        required: false,
      },
      { kind: "question", answerType: "date", label: "Date of your last entry into the United States" },
      { kind: "question", answerType: "yes_no", label: "Have you ever been refused a visa or entry?" },
      { kind: "confirmation", label: "I have listed every trip outside the United States in the last five years." },
    ],
  },
  {
    serviceKey: "immigration",
    locale: "ar",
    title: "ملف الهجرة: المستندات الداعمة",
    message: "هذه هي المستندات والإجابات التي يحتاجها ملفك. ارفع كل مستند فور حصولك عليه، ونحن نراجعها أولًا بأول.",
    items: [
      { kind: "document", label: "جواز السفر", hint: "صفحة البيانات وكل صفحة عليها تأشيرة أو ختم دخول." },
      { kind: "document", label: "إثبات الوضع الحالي", hint: "تأشيرتك أو سجل I-94 أو البطاقة الخضراء." },
      { kind: "document", label: "وثائق الأحوال المدنية", hint: "شهادات الميلاد والزواج مع ترجمات معتمدة." },
      {
        kind: "document",
        label: "الإثباتات المالية",
        hint: "الإقرارات الضريبية أو كشوف الرواتب أو تعهد الإعالة (I-864) للسنوات الثلاث الأخيرة.",
        required: false,
      },
      { kind: "question", answerType: "date", label: "تاريخ آخر دخول لك إلى الولايات المتحدة" },
      { kind: "question", answerType: "yes_no", label: "هل سبق أن رُفضت لك تأشيرة أو مُنعت من الدخول؟" },
      { kind: "confirmation", label: "ذكرتُ كل رحلة خارج الولايات المتحدة خلال السنوات الخمس الأخيرة." },
    ],
  },
  {
    serviceKey: "immigration",
    locale: "fr",
    title: "Dossier d'immigration : pièces justificatives",
    message: "Voici les documents et réponses dont votre dossier a besoin. Envoyez chacun dès que vous l'avez ; nous les vérifions au fur et à mesure.",
    items: [
      { kind: "document", label: "Passeport", hint: "La page d'identité et chaque page portant un visa ou un tampon d'entrée." },
      { kind: "document", label: "Preuve du statut actuel", hint: "Votre visa, votre relevé I-94 ou votre carte verte." },
      { kind: "document", label: "Actes d'état civil", hint: "Actes de naissance et de mariage, avec traductions certifiées." },
      {
        kind: "document",
        label: "Justificatifs financiers",
        hint: "Déclarations d'impôts, bulletins de salaire ou engagement de prise en charge (I-864) des trois dernières années.",
        required: false,
      },
      { kind: "question", answerType: "date", label: "Date de votre dernière entrée aux États-Unis" },
      { kind: "question", answerType: "yes_no", label: "Vous a-t-on déjà refusé un visa ou l'entrée ?" },
      { kind: "confirmation", label: "J'ai indiqué chaque voyage hors des États-Unis des cinq dernières années." },
    ],
  },
];

/** Adds the demo templates that are not there yet; returns how many were added. */
export async function seedDemoRequestTemplates(actor: Actor): Promise<number> {
  const existing = await listTemplates(actor);
  const have = new Set(existing.map((template) => `${template.serviceKey}|${template.locale}|${template.title}`));
  let added = 0;
  for (const template of DEMO_REQUEST_TEMPLATES) {
    if (have.has(`${template.serviceKey}|${template.locale}|${template.title}`)) continue;
    await createTemplate(actor, {
      serviceKey: template.serviceKey,
      locale: template.locale,
      title: template.title,
      message: template.message,
      items: template.items.map((item) => ({
        kind: item.kind,
        answerType: item.kind === "question" ? (item.answerType ?? "short_text") : null,
        choices: item.kind === "question" && item.answerType === "choice" ? (item.choices ?? []) : null,
        label: item.label,
        hint: item.hint ?? null,
        required: item.required ?? true,
      })),
    });
    added += 1;
  }
  return added;
}

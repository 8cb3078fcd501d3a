import type { DateTime } from "luxon";
import type { LineInput } from "~/features/billing";
import type { DemoDocument } from "./documents.server";
import type { AppointmentStory, OrderStory, ReportStory, TaskStory } from "./year.server";

/**
 * The firm's year as the demo shows it: a dozen clients of a Dearborn office (English, Arabic
 * and French names), their orders in every state with the documents they brought, quotes,
 * invoices, payments and one refund, translations on the desk, appointments before and after
 * today, reports and the office's tasks. Days count back from the day the seeder runs.
 */

/** The clients beside client@demo.test and client2@demo.test. */
export const DEMO_EXTRA_CLIENTS = [
  { email: "youssef.alamin@demo.test", fullName: "Youssef Al-Amin", locale: "ar" },
  { email: "camille.laurent@demo.test", fullName: "Camille Laurent", locale: "fr" },
  { email: "michael.johnson@demo.test", fullName: "Michael Johnson", locale: "en" },
  { email: "mariam.alali@demo.test", fullName: "مريم العلي", locale: "ar" },
  { email: "hassan.berro@demo.test", fullName: "Hassan Berro", locale: "en" },
  { email: "elise.moreau@demo.test", fullName: "Élise Moreau", locale: "fr" },
  { email: "karim.saleh@demo.test", fullName: "Karim Saleh", locale: "en" },
  { email: "emily.carter@demo.test", fullName: "Emily Carter", locale: "en" },
] as const;

const OMAR = "client@demo.test";
const item = (description: string, unitCents: number, quantity = 1): LineInput => ({ kind: "item", description, unitCents, quantity });
const pdf = (name: string, ...lines: string[]): DemoDocument => ({ name, kind: "pdf", lines });
const docx = (name: string, ...lines: string[]): DemoDocument => ({ name, kind: "docx", lines });
const SOPHIE = "client2@demo.test";

/** Monthly bookkeeping, invoiced at each month's end for eleven months, paid ten days later (the newest still open). */
function monthlyBookkeeping(today: DateTime): OrderStory {
  const daysAgo = 345;
  const start = today.minus({ days: daysAgo });
  const invoices = Array.from({ length: 11 }, (_, index) => {
    const day = (index + 1) * 30;
    const month = start
      .plus({ days: day - 15 })
      .setLocale("en")
      .toFormat("LLLL yyyy");
    return {
      day,
      lines: [item(`Monthly bookkeeping, ${month}`, 25000)],
      payments: index < 10 ? [{ day: day + 10, method: index % 2 ? ("check" as const) : ("zelle" as const) }] : [],
    };
  });
  return {
    client: "michael.johnson@demo.test",
    service: "bookkeeping",
    daysAgo,
    details: "Monthly bookkeeping for Johnson Auto Repair (one checking account, one card processor), with quarterly sales-tax figures.",
    path: [
      ["in_review", 1],
      ["in_progress", 3],
    ],
    documents: [
      pdf(
        "bank-statement-december.pdf",
        "Lakeshore Credit Union - Statement",
        "Johnson Auto Repair LLC, business checking",
        "Opening balance $18,240.11 - Closing balance $21,902.57",
      ),
    ],
    charge: { lines: [item("Monthly bookkeeping", 25000)] },
    invoices,
  };
}

export function demoOrderStories(today: DateTime): OrderStory[] {
  return [
    // client@demo.test: a return in progress (deposit paid), a completed translation, a new notary order.
    {
      client: OMAR,
      service: "tax_efiling",
      daysAgo: 12,
      details: "2025 federal and Michigan returns, married filing jointly. W-2s from two employers, one 1099-INT.",
      path: [
        ["in_review", 1],
        ["in_progress", 2],
      ],
      documents: [
        pdf("w2-2025-henry-ford-health.pdf", "Form W-2 Wage and Tax Statement 2025", "Employer: Henry Ford Health", "Wages: $58,420.00"),
        pdf("1099-int-2025.pdf", "Form 1099-INT 2025", "Payer: Lakeshore Credit Union", "Interest income: $312.45"),
      ],
      charge: { lines: [item("Federal and Michigan returns, married filing jointly", 27500)], quote: { day: 1, accepted: true } },
      invoices: [{ day: 2, payments: [{ day: 2, cents: 10000, method: "zelle", reference: "Deposit" }] }],
    },
    {
      client: OMAR,
      service: "translation",
      daysAgo: 40,
      details: "Certified translation of a birth certificate from Arabic into English for a USCIS filing.",
      path: [
        ["in_review", 1],
        ["in_progress", 2],
        ["completed", 6],
      ],
      documents: [docx("birth-certificate-ar.docx", "الجمهورية اللبنانية", "وثيقة ولادة", "الاسم: عمر خليل", "مكان الولادة: بيروت")],
      charge: {
        lines: [item("Certified translation, birth certificate (1 page), Arabic → English", 4500), item("Signed paper copy", 500)],
        quote: { day: 1, accepted: true },
      },
      invoices: [{ day: 2, payments: [{ day: 6, method: "card_terminal" }] }],
      translation: {
        source: "ar",
        target: "en",
        dueDay: 7,
        completedDay: 5,
        translated: pdf("birth-certificate-en.pdf", "Republic of Lebanon", "Birth Certificate", "Name: Omar Khalil", "Place of birth: Beirut"),
      },
    },
    {
      client: OMAR,
      service: "notary",
      daysAgo: 1,
      details: "Notarisation of a power of attorney (two signers).",
      path: [],
      documents: [pdf("power-of-attorney.pdf", "Durable Power of Attorney", "Principal: Omar Khalil", "Agent: Rana Khalil")],
    },
    // client2@demo.test: bookkeeping waiting for statements (invoice open), a translation quote to answer.
    {
      client: SOPHIE,
      service: "bookkeeping",
      daysAgo: 20,
      details: "Monthly bookkeeping for a small bakery: bank and card statements for October are missing.",
      path: [
        ["in_review", 1],
        ["in_progress", 2],
        ["waiting_for_client", 15],
      ],
      documents: [pdf("september-bank-statement.pdf", "Statement - September", "Boulangerie Martin, business checking", "Closing balance $9,731.20")],
      charge: { lines: [item("Monthly bookkeeping, September", 18000)] },
      invoices: [{ day: 15, payments: [] }],
    },
    {
      client: SOPHIE,
      service: "translation",
      daysAgo: 3,
      details: "French diploma and transcript into English for a credential evaluation.",
      path: [["in_review", 1]],
      documents: [
        pdf("diplome-master.pdf", "Universite de Lyon", "Diplome de Master", "Sophie Martin"),
        pdf("releve-de-notes.pdf", "Releve de notes", "Master 2 - Gestion", "Moyenne generale: 15,2 / 20"),
      ],
      charge: {
        lines: [item("Certified translation, diploma (1 page), French → English", 4500), item("Certified translation, transcript (per page)", 4000, 2)],
        quote: { day: 2, accepted: false },
      },
    },
    // The rest of the firm's clients.
    {
      client: "youssef.alamin@demo.test",
      service: "tax_efiling",
      daysAgo: 230,
      details: "2025 federal and Michigan returns, single, one W-2.",
      path: [
        ["in_review", 1],
        ["in_progress", 3],
        ["completed", 20],
      ],
      documents: [pdf("w2-2025.pdf", "Form W-2 Wage and Tax Statement 2025", "Employer: Dearborn Public Schools", "Wages: $47,900.00")],
      charge: { lines: [item("Federal and Michigan returns, single", 17500)] },
      invoices: [{ day: 3, payments: [{ day: 20, method: "cash" }] }],
    },
    {
      client: "youssef.alamin@demo.test",
      service: "immigration",
      daysAgo: 35,
      details: "Petition for my wife (Form I-130) with the evidence list.",
      path: [
        ["in_review", 2],
        ["in_progress", 5],
      ],
      documents: [pdf("passport-copy.pdf", "Passport - data page (copy)", "Youssef Al-Amin")],
      charge: { lines: [item("Form I-130 preparation", 45000), item("Evidence review and filing", 10000)], quote: { day: 3, accepted: true } },
      invoices: [{ day: 5, payments: [{ day: 5, cents: 20000, method: "check", reference: "Check 1043" }] }],
    },
    {
      client: "camille.laurent@demo.test",
      service: "translation",
      daysAgo: 300,
      details: "Acte de mariage à traduire en anglais (certifié).",
      path: [
        ["in_review", 1],
        ["in_progress", 2],
        ["completed", 8],
      ],
      documents: [
        docx("acte-de-mariage.docx", "République française", "Acte de mariage", "Camille Laurent et Julien Laurent", "Mariés à Lyon le 14 juin 2019"),
      ],
      charge: { lines: [item("Certified translation, marriage certificate (1 page), French → English", 4500)], quote: { day: 1, accepted: true } },
      invoices: [{ day: 2, payments: [{ day: 8, method: "zelle" }] }],
      translation: {
        source: "fr",
        target: "en",
        dueDay: 9,
        completedDay: 7,
        translated: pdf(
          "marriage-certificate-en.pdf",
          "French Republic",
          "Marriage Certificate",
          "Camille Laurent and Julien Laurent",
          "Married in Lyon on June 14, 2019",
        ),
      },
    },
    {
      client: "camille.laurent@demo.test",
      service: "notary",
      daysAgo: 120,
      details: "Affidavit of residence, two signatures.",
      path: [
        ["in_review", 0],
        ["in_progress", 1],
        ["completed", 1],
      ],
      documents: [pdf("affidavit.pdf", "Affidavit of Residence", "Camille Laurent")],
      charge: { lines: [item("Notarization (per signature)", 1000, 2)] },
      invoices: [{ day: 1, payments: [{ day: 1, method: "cash" }] }],
    },
    monthlyBookkeeping(today),
    {
      client: "michael.johnson@demo.test",
      service: "tax_efiling",
      daysAgo: 250,
      details: "2025 business return (Schedule C) and Michigan return.",
      path: [
        ["in_review", 1],
        ["in_progress", 4],
        ["completed", 25],
      ],
      documents: [pdf("profit-and-loss-2025.pdf", "Johnson Auto Repair LLC", "Profit and loss 2025", "Net profit: $64,310.00")],
      charge: { lines: [item("Business return (Schedule C) and Michigan return", 35000)] },
      invoices: [{ day: 4, payments: [{ day: 25, method: "check", reference: "Check 2210" }] }],
    },
    {
      client: "mariam.alali@demo.test",
      service: "translation",
      daysAgo: 150,
      details: "ترجمة شهادة التخرج من العربية إلى الإنجليزية مع شهادة دقة.",
      path: [
        ["in_review", 0],
        ["in_progress", 1],
        ["completed", 5],
      ],
      documents: [docx("graduation-certificate-ar.docx", "جامعة دمشق", "شهادة تخرج", "الاسم: مريم العلي", "كلية الصيدلة")],
      charge: { lines: [item("Certified translation, graduation certificate (per page), Arabic → English", 4500, 2)] },
      invoices: [{ day: 1, payments: [{ day: 1, method: "card_terminal" }] }],
      translation: {
        source: "ar",
        target: "en",
        dueDay: 6,
        completedDay: 4,
        translated: pdf("graduation-certificate-en.pdf", "Damascus University", "Graduation Certificate", "Name: Mariam Al-Ali", "Faculty of Pharmacy"),
      },
    },
    {
      client: "mariam.alali@demo.test",
      service: "immigration",
      daysAgo: 75,
      details: "Adjustment of status (Form I-485).",
      path: [
        ["in_review", 1],
        ["cancelled", 6],
      ],
      documents: [pdf("i-485-checklist.pdf", "Form I-485 - documents checklist", "Mariam Al-Ali")],
      charge: { lines: [item("Form I-485 preparation, deposit", 15000)] },
      invoices: [
        { day: 2, payments: [{ day: 2, method: "zelle" }], refund: { day: 6, method: "zelle", reason: "Order cancelled by the client; deposit returned." } },
      ],
    },
    {
      client: "hassan.berro@demo.test",
      service: "tax_efiling",
      daysAgo: 210,
      details: "2025 federal and Michigan returns, head of household, two dependents.",
      path: [
        ["in_review", 1],
        ["in_progress", 2],
        ["completed", 15],
      ],
      documents: [pdf("w2-2025-ford.pdf", "Form W-2 Wage and Tax Statement 2025", "Employer: Ford Motor Company", "Wages: $71,050.00")],
      charge: { lines: [item("Federal and Michigan returns, head of household", 22500)] },
      invoices: [{ day: 2, payments: [{ day: 15, method: "card_terminal" }] }],
    },
    {
      client: "hassan.berro@demo.test",
      service: "bookkeeping",
      daysAgo: 6,
      details: "Bookkeeping for my food truck from January, receipts in a shoebox.",
      path: [["in_review", 1]],
      documents: [pdf("receipts-january.pdf", "Receipts - January", "Berro Grill food truck")],
    },
    {
      client: "elise.moreau@demo.test",
      service: "immigration",
      daysAgo: 180,
      details: "Naturalization application (Form N-400).",
      path: [
        ["in_review", 1],
        ["in_progress", 2],
        ["completed", 30],
      ],
      documents: [pdf("green-card-copy.pdf", "Permanent Resident Card (copy)", "Elise Moreau")],
      charge: { lines: [item("Naturalization (N-400) preparation", 40000)] },
      invoices: [
        {
          day: 2,
          payments: [
            { day: 2, cents: 20000, method: "check", reference: "Check 311" },
            { day: 30, method: "check", reference: "Check 318" },
          ],
        },
      ],
    },
    {
      client: "elise.moreau@demo.test",
      service: "translation",
      daysAgo: 8,
      details: "Lettre de la banque à traduire de l'anglais vers le français.",
      path: [
        ["in_review", 1],
        ["in_progress", 2],
      ],
      documents: [
        docx(
          "bank-letter.docx",
          "Lakeshore Credit Union",
          "Account verification letter",
          "To whom it may concern: Elise Moreau has held an account with us since 2019.",
        ),
      ],
      charge: { lines: [item("Certified translation, bank letter (1 page), English → French", 4500)], quote: { day: 1, accepted: true } },
      invoices: [{ day: 1, payments: [{ day: 1, method: "card_terminal" }] }],
      translation: { source: "en", target: "fr", dueDay: 14, translated: pdf("bank-letter-fr.pdf", "Lakeshore Credit Union", "Attestation de compte") },
    },
    {
      client: "karim.saleh@demo.test",
      service: "notary",
      daysAgo: 60,
      details: "Vehicle title transfer, one signature.",
      path: [
        ["in_review", 0],
        ["in_progress", 0],
        ["completed", 0],
      ],
      documents: [pdf("title-transfer.pdf", "Michigan Certificate of Title - transfer", "Karim Saleh")],
      charge: { lines: [item("Notarization (per signature)", 1000)] },
      invoices: [{ day: 0, payments: [{ day: 0, method: "cash" }] }],
    },
    {
      client: "karim.saleh@demo.test",
      service: "tax_efiling",
      daysAgo: 2,
      details: "Amended 2025 return: a 1099-NEC arrived late.",
      path: [],
      documents: [pdf("1099-nec-2025.pdf", "Form 1099-NEC 2025", "Payer: Metro Rideshare", "Nonemployee compensation: $6,480.00")],
    },
    {
      client: "emily.carter@demo.test",
      service: "tax_efiling",
      daysAgo: 330,
      details: "2025 federal and Michigan returns, single, student loan interest.",
      path: [
        ["in_review", 2],
        ["in_progress", 10],
        ["completed", 45],
      ],
      documents: [pdf("1098-e-2025.pdf", "Form 1098-E 2025", "Student loan interest: $1,104.00")],
      charge: { lines: [item("Federal and Michigan returns, single", 19500)] },
      invoices: [{ day: 10, payments: [{ day: 45, method: "zelle" }] }],
    },
    {
      client: "emily.carter@demo.test",
      service: "bookkeeping",
      daysAgo: 30,
      details: "Catch-up bookkeeping for my Etsy shop, January to June.",
      path: [
        ["in_review", 1],
        ["in_progress", 4],
        ["waiting_for_client", 20],
      ],
      documents: [pdf("etsy-payouts-h1.pdf", "Etsy payouts, January - June", "Carter Ceramics")],
      charge: { lines: [item("Catch-up bookkeeping, January to June", 60000)], quote: { day: 2, accepted: true } },
      invoices: [{ day: 3, payments: [{ day: 3, cents: 30000, method: "check", reference: "Check 5120" }] }],
    },
  ];
}

export const DEMO_APPOINTMENTS: AppointmentStory[] = [
  { client: OMAR, service: "tax_efiling", daysFromToday: 3, hour: 10, status: "confirmed", notes: "Bring last year's return and photo ID." },
  { client: OMAR, service: "translation", daysFromToday: -42, hour: 11, status: "completed" },
  { client: SOPHIE, service: "bookkeeping", daysFromToday: 4, hour: 11, status: "confirmed" },
  { client: SOPHIE, service: "bookkeeping", daysFromToday: -22, hour: 14, status: "completed" },
  { client: "youssef.alamin@demo.test", service: "immigration", daysFromToday: -38, hour: 10, status: "completed" },
  { client: "youssef.alamin@demo.test", service: "immigration", daysFromToday: 9, hour: 13, status: "requested", notes: "Marriage certificate and photos." },
  { client: "camille.laurent@demo.test", service: "notary", daysFromToday: -120, hour: 11, status: "completed" },
  { client: "michael.johnson@demo.test", service: "bookkeeping", daysFromToday: -90, hour: 15, status: "completed" },
  { client: "michael.johnson@demo.test", service: "bookkeeping", daysFromToday: 12, hour: 10, status: "confirmed" },
  { client: "mariam.alali@demo.test", service: "immigration", daysFromToday: -70, hour: 14, status: "no_show" },
  { client: "hassan.berro@demo.test", service: "tax_efiling", daysFromToday: -212, hour: 16, status: "completed" },
  { client: "hassan.berro@demo.test", service: "bookkeeping", daysFromToday: 6, hour: 14, status: "confirmed" },
  { client: "elise.moreau@demo.test", service: "immigration", daysFromToday: -182, hour: 10, status: "completed" },
  { client: "elise.moreau@demo.test", service: "translation", daysFromToday: 10, hour: 11, status: "confirmed" },
  { client: "karim.saleh@demo.test", service: "notary", daysFromToday: -60, hour: 13, status: "completed" },
  { client: "emily.carter@demo.test", service: "bookkeeping", daysFromToday: -18, hour: 9, status: "cancelled" },
];

export const DEMO_TASKS: TaskStory[] = [
  {
    title: "Deliver the signed paper translation to Omar Khalil",
    description: "Birth certificate, Arabic → English: signed copy at the front desk.",
    status: "done",
    dueInDays: -33,
    createdDaysAgo: 38,
    orderOf: { client: OMAR, service: "translation" },
  },
  {
    title: "Send the diploma translation quote",
    description: "Three pages, French → English.",
    status: "done",
    dueInDays: -1,
    createdDaysAgo: 3,
    orderOf: { client: SOPHIE, service: "translation" },
  },
  {
    title: "Review the I-130 evidence list",
    description: "Marriage certificate, joint lease, photos; check the translations needed.",
    status: "in_progress",
    dueInDays: 5,
    createdDaysAgo: 30,
    priority: "high",
    orderOf: { client: "youssef.alamin@demo.test", service: "immigration" },
  },
  {
    title: "Call Emily Carter about the June statements",
    description: "The Etsy payouts stop in May; ask for June.",
    status: "todo",
    dueInDays: -2,
    createdDaysAgo: 10,
    priority: "high",
    orderOf: { client: "emily.carter@demo.test", service: "bookkeeping" },
  },
  {
    title: "Reconcile the card terminal deposits",
    description: "Match the terminal's batches with the bank deposits.",
    status: "todo",
    dueInDays: 4,
    createdDaysAgo: 26,
    recurrence: "monthly",
  },
  {
    title: "Quarterly estimated tax reminders",
    description: "E-mail the self-employed clients their 1040-ES amounts.",
    status: "todo",
    dueInDays: 18,
    createdDaysAgo: 20,
    recurrence: "quarterly",
  },
  {
    title: "Renew the notary commission",
    description: "Wayne County: application and bond.",
    status: "todo",
    dueInDays: 60,
    createdDaysAgo: 15,
    priority: "low",
  },
];

export const DEMO_REPORTS: ReportStory[] = [
  {
    client: OMAR,
    service: "translation",
    daysAgo: 34,
    title: "Translation delivered: birth certificate",
    body: "Your certified translation is complete.\n\n- One page, Arabic → English\n- Signed certificate of accuracy on the translation's last page\n\nThe signed paper copy is ready to collect at the office. USCIS accepts this translation together with a copy of the original.",
  },
  {
    client: SOPHIE,
    service: "bookkeeping",
    daysAgo: 5,
    title: "October bookkeeping: missing statements",
    body: "We reconciled September. To close **October** we still need:\n\n1. Bank statement (checking)\n2. Card processor statement\n\nPlease upload them to the order.",
  },
  {
    client: "youssef.alamin@demo.test",
    service: "tax_efiling",
    daysAgo: 210,
    title: "2025 returns filed",
    body: "Your federal and Michigan returns were e-filed and accepted.\n\n- Federal refund: $1,240\n- Michigan refund: $310\n\nRefunds usually arrive within three weeks.",
  },
  {
    client: "michael.johnson@demo.test",
    service: "bookkeeping",
    daysAgo: 16,
    title: "October books closed",
    body: "October is reconciled.\n\n- Revenue: $38,410\n- Expenses: $29,877\n\nSales-tax figures for the quarter are in the next report.",
  },
];

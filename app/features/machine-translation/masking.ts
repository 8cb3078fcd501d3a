/**
 * Masking before machine translation (docs/decisions/014). Pure: no I/O.
 *
 * Before a text leaves the server for the translation service, every personal identifier in
 * it is replaced by a numbered placeholder `[[n]]`, and glossary terms are protected the same
 * way; after the service answers, each placeholder is replaced by what it stands for (the
 * identifier as typed, or the glossary's fixed target term). The service never sees an
 * identifier, and it has nothing to translate in a placeholder.
 *
 * Digits may be Western (0-9), Arabic-Indic (٠-٩) or Eastern Arabic-Indic (۰-۹), in the text
 * and in the service's answer (an engine translating into Arabic may write `[[١]]`).
 */

export const MASK_KINDS = ["email", "iban", "card", "ssn", "itin", "aNumber", "passport", "bankAccount", "routing", "phone"] as const;
export type MaskKind = (typeof MASK_KINDS)[number];

export type Token = {
  /** The placeholder as sent, e.g. "[[3]]". */
  placeholder: string;
  /** What the placeholder becomes in the translation. */
  restore: string;
  /** What it stood for in the source text. */
  original: string;
  kind: MaskKind | "glossary" | "literal";
};

export type Masked = {
  /** The text as it may be sent. */
  text: string;
  tokens: Token[];
};

export type GlossaryTerm = { sourceTerm: string; targetTerm: string };

/** One digit of any of the three scripts. */
const D = "[0-9\u0660-\u0669\u06F0-\u06F9]";
const NOT_DIGIT_BEFORE = `(?<![0-9\u0660-\u0669\u06F0-\u06F9])`;
const NOT_DIGIT_AFTER = `(?![0-9\u0660-\u0669\u06F0-\u06F9])`;
/** Neither a letter nor a digit of any script on that side (a word edge that works for Arabic too). */
const EDGE_BEFORE = "(?<![\\p{L}\\p{N}])";
const EDGE_AFTER = "(?![\\p{L}\\p{N}])";

export function placeholder(n: number): string {
  return `[[${n}]]`;
}

/** Arabic-Indic and Eastern Arabic-Indic digits as 0-9; other characters unchanged. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

const digitsOf = (text: string) => toAsciiDigits(text).replace(/[^0-9]/g, "");

/** The Luhn checksum of card numbers. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || /^0+$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** The IBAN check (ISO 13616, mod 97). */
export function ibanValid(text: string): boolean {
  const iban = toAsciiDigits(text).replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= "A" && char <= "Z" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** An SSN or an ITIN, from nine digits; null when the number can be neither. */
export function taxIdKind(digits: string): "ssn" | "itin" | null {
  if (!/^\d{9}$/.test(digits)) return null;
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const serial = Number(digits.slice(5));
  if (digits[0] === "9") {
    // ITINs: 9XX-[50-65 | 70-88 | 90-92 | 94-99]-XXXX.
    const itinGroup = (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || group >= 94;
    return itinGroup ? "itin" : null;
  }
  if (area === 0 || area === 666 || group === 0 || serial === 0) return null;
  return "ssn";
}

/** Words that announce a number, in the three languages ("passport no.", "n°", "رقم"). */
const NUMBER_WORD = "(?:\\s*(?:no\\.?|nos?\\.|number|num(?:é|e)ro|n°|n\\.|#|رقم|:))*(?:\\s*(?:is|est|:|هو))?\\s*";

type Rule = {
  kind: MaskKind;
  pattern: RegExp;
  /** The part of a match to mask (the named group `value`, else the whole match) when it is one; null to leave the match. */
  check?: (value: string) => MaskKind | boolean;
};

const keyword = (words: string, value: string) => new RegExp(`(?<lead>${EDGE_BEFORE}(?:${words})${NUMBER_WORD})(?<value>${value})`, "giu");

/**
 * In this order: a span masked by one rule is a placeholder for the next, so a card number
 * is never also read as a phone number, and "passport A01234567" is a passport, not an A-number.
 */
const RULES: Rule[] = [
  { kind: "email", pattern: /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu },
  {
    kind: "iban",
    pattern: new RegExp(
      `${EDGE_BEFORE}[A-Z]{2}${D}{2}(?: ?[A-Z0-9\u0660-\u0669\u06F0-\u06F9]{4}){2,7}(?: ?[A-Z0-9\u0660-\u0669\u06F0-\u06F9]{1,3})?${EDGE_AFTER}`,
      "gu",
    ),
    check: (value) => ibanValid(value),
  },
  {
    kind: "card",
    pattern: new RegExp(`${NOT_DIGIT_BEFORE}${D}(?:[ -]?${D}){12,18}${NOT_DIGIT_AFTER}`, "gu"),
    check: (value) => luhnValid(digitsOf(value)),
  },
  {
    kind: "ssn",
    pattern: new RegExp(`${NOT_DIGIT_BEFORE}${D}{3}(?:-${D}{2}-|\\s${D}{2}\\s)${D}{4}${NOT_DIGIT_AFTER}`, "gu"),
    check: (value) => taxIdKind(digitsOf(value)) ?? false,
  },
  {
    kind: "ssn",
    pattern: keyword(
      "ssn|itin|tin|social security(?: number)?|taxpayer identification number|sécurité sociale|securite sociale|الضمان الاجتماعي|رقم التعريف الضريبي",
      `${D}{9}${NOT_DIGIT_AFTER}`,
    ),
    check: (value) => taxIdKind(digitsOf(value)) ?? "ssn",
  },
  {
    kind: "passport",
    pattern: keyword("passports?|passeports?|جواز(?: السفر)?|جوازات السفر", `[A-Za-z0-9\u0660-\u0669\u06F0-\u06F9]{6,12}${EDGE_AFTER}`),
    // A number: capital letters and digits, at least five digits (not the word that follows "passport").
    check: (value) => /^[A-Z0-9\u0660-\u0669\u06F0-\u06F9]+$/u.test(value) && digitsOf(value).length >= 5,
  },
  {
    kind: "aNumber",
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])A(?:-|#|\\s|-#|#\\s)?${D}{3}[- ]?${D}{3}[- ]?${D}{2,3}${NOT_DIGIT_AFTER}`, "gu"),
    check: (value) => [8, 9].includes(digitsOf(value).length),
  },
  {
    kind: "aNumber",
    pattern: keyword("a-number|alien (?:registration )?number|uscis(?: number)?|numéro d'étranger|رقم الأجنبي", `${D}{8,9}${NOT_DIGIT_AFTER}`),
  },
  {
    kind: "bankAccount",
    pattern: keyword(
      "bank account|account|acct\\.?|a/c|checking|savings|compte(?: bancaire)?|حساب(?: بنكي| مصرفي)?",
      `${D}(?:[ -]?${D}){5,16}${NOT_DIGIT_AFTER}`,
    ),
  },
  {
    kind: "routing",
    pattern: keyword("routing|aba|rtn|transit|code banque|رقم التوجيه", `${D}{9}${NOT_DIGIT_AFTER}`),
    check: (value) => abaValid(digitsOf(value)),
  },
  {
    kind: "routing",
    pattern: new RegExp(`${NOT_DIGIT_BEFORE}${D}{9}${NOT_DIGIT_AFTER}`, "gu"),
    check: (value) => abaValid(digitsOf(value)),
  },
  {
    kind: "phone",
    // International: +CC and 7 to 14 more digits in groups.
    pattern: new RegExp(`(?<![\\p{L}\\p{N}+])\\+${D}{1,3}(?:[\\s.-]?(?:\\(${D}{1,4}\\)|${D}{1,4})){2,6}${NOT_DIGIT_AFTER}`, "gu"),
    check: (value) => {
      const length = digitsOf(value).length;
      return length >= 8 && length <= 15;
    },
  },
  {
    kind: "phone",
    // North American: (555) 123-4567, 555-123-4567, 555.123.4567, 5551234567, 1-555-…
    pattern: new RegExp(`${NOT_DIGIT_BEFORE}(?:1[\\s.-])?(?:\\(${D}{3}\\)\\s?|${D}{3}[\\s.-]?)${D}{3}[\\s.-]?${D}{4}${NOT_DIGIT_AFTER}`, "gu"),
  },
  {
    kind: "phone",
    // French and Gulf local numbers: 06 12 34 56 78, 05 5123 4567, 050-123-4567.
    pattern: new RegExp(`${NOT_DIGIT_BEFORE}0${D}(?:[\\s.-]?${D}{2,4}){3,4}${NOT_DIGIT_AFTER}`, "gu"),
    check: (value) => {
      const length = digitsOf(value).length;
      return length >= 9 && length <= 11;
    },
  },
];

/** Anything in the text that already looks like one of our placeholders. */
const PLACEHOLDER_LIKE = /\[\[\s*[0-9\u0660-\u0669\u06F0-\u06F9]+\s*\]\]/gu;
/** A placeholder as the service may hand it back: spaces added, Arabic digits, full-width brackets. */
const PLACEHOLDER_BACK = /[[［]\s*[[［]\s*([0-9\u0660-\u0669\u06F0-\u06F9]+)\s*[\]］]\s*[\]］]/gu;

/** Placeholders numbered in the order they appear in the text (rules run kind by kind). */
function renumber(text: string, tokens: Token[]): Masked {
  const ordered: Token[] = [];
  const renumbered = text.replace(/\[\[(\d+)\]\]/g, (match, number: string) => {
    const token = tokens[Number(number) - 1];
    if (!token) return match;
    const next = { ...token, placeholder: placeholder(ordered.length + 1) };
    ordered.push(next);
    return next.placeholder;
  });
  return { text: renumbered, tokens: ordered };
}

class TokenList {
  readonly tokens: Token[];
  constructor(tokens: Token[] = []) {
    this.tokens = [...tokens];
  }
  add(original: string, restore: string, kind: Token["kind"]): string {
    const token = { placeholder: placeholder(this.tokens.length + 1), restore, original, kind };
    this.tokens.push(token);
    return token.placeholder;
  }
}

/**
 * Masks the personal identifiers of a text. Text that already looks like a placeholder is
 * kept as it is (a token of kind "literal"), so that it cannot be confused with ours.
 */
export function maskIdentifiers(text: string): Masked {
  const list = new TokenList();
  let out = text.replace(PLACEHOLDER_LIKE, (match) => list.add(match, match, "literal"));
  for (const rule of RULES) {
    out = out.replace(rule.pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      const groups = args.at(-1) as Record<string, string> | undefined;
      const value = groups && typeof groups === "object" && groups.value !== undefined ? groups.value : match;
      const lead = groups && typeof groups === "object" && groups.lead !== undefined ? groups.lead : "";
      const verdict = rule.check ? rule.check(value) : true;
      if (verdict === false) return match;
      const kind = typeof verdict === "string" ? verdict : rule.kind;
      return lead + list.add(value, value, kind);
    });
  }
  return renumber(out, list.tokens);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Protects glossary terms like masks: each occurrence of a source term (whole words, any case)
 * becomes a placeholder that comes back as the term's fixed target. Longer terms first, so
 * "Mohammed Al-Hassan" wins over "Mohammed".
 */
export function protectTerms(masked: Masked, terms: GlossaryTerm[]): Masked {
  const list = new TokenList(masked.tokens);
  let out = masked.text;
  const sorted = [...terms].filter((term) => term.sourceTerm.trim() !== "").sort((a, b) => b.sourceTerm.length - a.sourceTerm.length);
  for (const term of sorted) {
    const pattern = new RegExp(`${EDGE_BEFORE}${escapeRegExp(term.sourceTerm.trim()).replace(/\s+/g, "\\s+")}${EDGE_AFTER}`, "giu");
    out = out.replace(pattern, (match) => list.add(match, term.targetTerm, "glossary"));
  }
  return renumber(out, list.tokens);
}

/** The glossary terms whose source term is in the text (whole words, any case). */
export function termsInText(text: string, terms: GlossaryTerm[]): GlossaryTerm[] {
  return terms.filter((term) => new RegExp(`${EDGE_BEFORE}${escapeRegExp(term.sourceTerm.trim()).replace(/\s+/g, "\\s+")}${EDGE_AFTER}`, "iu").test(text));
}

/**
 * Puts back what the placeholders stand for. `missing` lists the tokens the service's answer
 * lost (the caller warns: the draft must then be checked against the original).
 */
export function unmask(translated: string, tokens: Token[]): { text: string; missing: Token[] } {
  const seen = new Set<number>();
  const text = translated.replace(PLACEHOLDER_BACK, (match, number: string) => {
    const index = Number(toAsciiDigits(number)) - 1;
    const token = tokens[index];
    if (!token) return match;
    seen.add(index);
    return token.restore;
  });
  return { text, missing: tokens.filter((_, index) => !seen.has(index)) };
}

/** How many personal identifiers were masked (glossary terms and literals are not counted). */
export function countMasked(tokens: Token[]): number {
  return tokens.filter((token) => token.kind !== "glossary" && token.kind !== "literal").length;
}

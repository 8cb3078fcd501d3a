import { describe, expect, it } from "vitest";
import { abaValid, countMasked, ibanValid, luhnValid, maskIdentifiers, protectTerms, taxIdKind, toAsciiDigits, unmask } from "./masking";

/** The masked values of a text, as [kind, original] pairs. */
const found = (text: string) => maskIdentifiers(text).tokens.map((token) => [token.kind, token.original]);

describe("masking personal identifiers", () => {
  it.each([
    ["SSN with dashes", "My SSN is 123-45-6789.", [["ssn", "123-45-6789"]]],
    ["SSN with spaces", "Social security: 123 45 6789", [["ssn", "123 45 6789"]]],
    ["SSN after its name, no dashes", "SSN 123456789 on file", [["ssn", "123456789"]]],
    ["ITIN", "ITIN 912-70-1234", [["itin", "912-70-1234"]]],
    [
      "A-number",
      "Alien number A123456789 and A-123-456-78",
      [
        ["aNumber", "A123456789"],
        ["aNumber", "A-123-456-78"],
      ],
    ],
    ["A-number after its name", "USCIS number: 12345678", [["aNumber", "12345678"]]],
    ["passport number", "Passport No. X12345678 issued in Cairo", [["passport", "X12345678"]]],
    ["French passport", "passeport n° 12AB34567", [["passport", "12AB34567"]]],
    ["card number (Luhn)", "Card 4111 1111 1111 1111 exp 12/29", [["card", "4111 1111 1111 1111"]]],
    ["card number with dashes", "paid with 5500-0000-0000-0004", [["card", "5500-0000-0000-0004"]]],
    ["IBAN", "IBAN DE89 3704 0044 0532 0130 00", [["iban", "DE89 3704 0044 0532 0130 00"]]],
    ["bank account", "Account number: 000123456789", [["bankAccount", "000123456789"]]],
    ["routing number (ABA) after its name", "routing 021000021", [["routing", "021000021"]]],
    ["routing number (ABA) alone", "transfer to 011000015 today", [["routing", "011000015"]]],
    ["e-mail address", "Write to jane.doe+tax@example.co.uk please", [["email", "jane.doe+tax@example.co.uk"]]],
    [
      "US phone",
      "Call (555) 123-4567 or 555.987.6543",
      [
        ["phone", "(555) 123-4567"],
        ["phone", "555.987.6543"],
      ],
    ],
    ["international phone", "Tel: +33 6 12 34 56 78", [["phone", "+33 6 12 34 56 78"]]],
    ["French local phone", "Portable 06 12 34 56 78", [["phone", "06 12 34 56 78"]]],
  ])("masks %s", (_name, text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it("reads Arabic-Indic digits as digits", () => {
    expect(found("رقم الضمان الاجتماعي ١٢٣-٤٥-٦٧٨٩")).toEqual([["ssn", "١٢٣-٤٥-٦٧٨٩"]]);
    expect(found("هاتفي ٠٥٥١٢٣٤٥٦٧")).toEqual([["phone", "٠٥٥١٢٣٤٥٦٧"]]);
    expect(found("الهاتف +٩٧١ ٥٠ ١٢٣ ٤٥٦٧")).toEqual([["phone", "+٩٧١ ٥٠ ١٢٣ ٤٥٦٧"]]);
    expect(found("جواز السفر رقم A٠١٢٣٤٥٦٧")).toEqual([["passport", "A٠١٢٣٤٥٦٧"]]);
    expect(toAsciiDigits("١٢٣ ۴۵۶")).toBe("123 456");
  });

  it("leaves numbers that fail their checksum or shape", () => {
    // Luhn fails: not a card (and its groups of four are no phone number).
    expect(found("Card 4111 1111 1111 1112")).toEqual([]);
    // ABA fails and no SSN name before it: a plain nine-digit number stays.
    expect(found("Order 123456789 shipped")).toEqual([]);
    // SSN area 000 and 666 do not exist.
    expect(found("000-12-3456 and 666-12-3456")).toEqual([]);
    // The IBAN check fails.
    expect(found("IBAN DE88 3704 0044 0532 0130 00")).toEqual([]);
    // Dates, amounts, ZIP codes and years.
    expect(found("On 2024-01-15 we paid $1,240.50 to 62704-1234 for tax year 2023.")).toEqual([]);
    // The word after "passport" is no number.
    expect(found("Bring your passport tomorrow")).toEqual([]);
  });

  it("puts every value back where it was (round trip)", () => {
    const text =
      "Client Jane (jane@example.com, +1 555 123 4567) SSN 123-45-6789, A123456789, passport X12345678, " +
      "card 4111111111111111, account 000123456789, routing 021000021, IBAN GB82 WEST 1234 5698 7654 32, الهاتف ٠٥٥١٢٣٤٥٦٧.";
    const masked = maskIdentifiers(text);
    expect(countMasked(masked.tokens)).toBe(10);
    for (const token of masked.tokens) expect(masked.text).not.toContain(token.original);
    expect(masked.text).toBe(
      "Client Jane ([[1]], [[2]]) SSN [[3]], [[4]], passport [[5]], card [[6]], account [[7]], routing [[8]], IBAN [[9]], الهاتف [[10]].",
    );
    expect(unmask(masked.text, masked.tokens)).toEqual({ text, missing: [] });
  });

  it("reads placeholders back as engines may write them (Arabic digits, spaces, full-width brackets)", () => {
    const masked = maskIdentifiers("SSN 123-45-6789, mail a@b.org, card 4111111111111111");
    const answer = "الرقم [[١]]، البريد [[ 2 ]]، البطاقة ［［۳］］";
    expect(unmask(answer, masked.tokens)).toEqual({ text: "الرقم 123-45-6789، البريد a@b.org، البطاقة 4111111111111111", missing: [] });
  });

  it("reports the placeholders the engine lost", () => {
    const masked = maskIdentifiers("SSN 123-45-6789 and a@b.org");
    const result = unmask("SSN [[1]] and", masked.tokens);
    expect(result.missing.map((token) => token.original)).toEqual(["a@b.org"]);
  });

  it("keeps the user's own bracketed numbers as they are", () => {
    const text = "See note [[1]] and SSN 123-45-6789";
    const masked = maskIdentifiers(text);
    expect(masked.tokens.map((token) => token.kind)).toEqual(["literal", "ssn"]);
    expect(countMasked(masked.tokens)).toBe(1);
    expect(unmask(masked.text, masked.tokens).text).toBe(text);
  });
});

describe("glossary protection", () => {
  it("protects whole-word source terms, longest first, and restores the fixed target term", () => {
    const masked = protectTerms(maskIdentifiers("Mohammed Al-Hassan and mohammed sent the Affidavit (SSN 123-45-6789)."), [
      { sourceTerm: "Mohammed", targetTerm: "محمد" },
      { sourceTerm: "Mohammed Al-Hassan", targetTerm: "محمد الحسن" },
      { sourceTerm: "affidavit", targetTerm: "إفادة خطية" },
      { sourceTerm: "Hass", targetTerm: "never" },
    ]);
    expect(masked.text).toBe("[[1]] and [[2]] sent the [[3]] (SSN [[4]]).");
    expect(unmask(masked.text, masked.tokens).text).toBe("محمد الحسن and محمد sent the إفادة خطية (SSN 123-45-6789).");
    expect(countMasked(masked.tokens)).toBe(1);
  });
});

describe("checksums", () => {
  it("Luhn", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("79927398713")).toBe(true);
  });
  it("ABA", () => {
    expect(abaValid("021000021")).toBe(true);
    expect(abaValid("011000015")).toBe(true);
    expect(abaValid("123456789")).toBe(false);
    expect(abaValid("000000000")).toBe(false);
  });
  it("IBAN", () => {
    expect(ibanValid("GB82 WEST 1234 5698 7654 32")).toBe(true);
    expect(ibanValid("GB82 WEST 1234 5698 7654 33")).toBe(false);
  });
  it("SSN and ITIN", () => {
    expect(taxIdKind("123456789")).toBe("ssn");
    expect(taxIdKind("912701234")).toBe("itin");
    expect(taxIdKind("912001234")).toBeNull();
    expect(taxIdKind("666121234")).toBeNull();
  });
});

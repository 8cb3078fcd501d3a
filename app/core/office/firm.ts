/**
 * The firm's details (name, proprietor, address, phone, e-mail, opening hours), kept in the content
 * section "firm" and edited with the site's content, and how they are written on pages and documents.
 */

export type OpeningHours = { days: string[]; opens: string; closes: string };

export type Firm = {
  name: string;
  legalName?: string;
  proprietor: string;
  proprietorTitle?: Record<string, string>;
  phone: string;
  email: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  /** The e-mail or phone number clients send Zelle payments to; empty: invoices do not offer Zelle. */
  zelleRecipient?: string;
  /** The name checks are made payable to; empty: invoices do not offer paying by check. */
  checkPayee?: string;
  geo?: { latitude: number; longitude: number };
  timeZone?: string;
  hours: OpeningHours[];
  foundedYear?: number;
  social?: Record<string, string>;
};

/** One line of the address, as people write it in the US. */
export function formatAddress(address: Firm["address"]): string {
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}

/** The maps link of the Get Directions action. */
export function directionsUrl(address: Firm["address"]): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(formatAddress(address))}`;
}

/** "tel:" link from a displayed number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

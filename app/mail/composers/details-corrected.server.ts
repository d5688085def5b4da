import { customerText } from "../blocks";
import type { OrderComposer } from "../order-mail";

/** The customer's data an operator may correct, in the order the correction e-mail lists them. */
const CORRECTABLE_FIELDS = ["tenantName", "email", "phone", "mailingAddress", "propertyAddress", "landlordName"] as const;

export const detailsCorrected: OrderComposer<"details_corrected"> = {
  to: "customer",
  compose: ({ order, facts, t, greeting, contact, signature }) => {
    const changed = new Set(Array.isArray(facts.fields) ? facts.fields : []);
    const current: Record<(typeof CORRECTABLE_FIELDS)[number], string | null> = {
      tenantName: order.tenant_name,
      email: order.email,
      phone: order.phone,
      mailingAddress: order.mailing_address,
      propertyAddress: order.property_address,
      landlordName: order.landlord_name,
    };
    const rows = CORRECTABLE_FIELDS.filter((field) => changed.has(field)).map((field): [string, string] => [
      t(`corrected.fields.${field}`),
      customerText(current[field] ?? "—"),
    ]);
    return {
      blocks: [
        { paragraphs: [greeting, t("corrected.text", { number: order.number })], rows },
        { paragraphs: [t("corrected.agreement")] },
        contact,
        signature,
      ],
    };
  },
};

import type { Locale } from "./locales";

import plCommon from "../../locales/pl/common.json";
import plHome from "../../locales/pl/home.json";
import plTenant from "../../locales/pl/tenant.json";
import plLandlord from "../../locales/pl/landlord.json";
import plOrder from "../../locales/pl/order.json";
import plBlog from "../../locales/pl/blog.json";
import plContact from "../../locales/pl/contact.json";
import plTerms from "../../locales/pl/terms.json";
import plPrivacy from "../../locales/pl/privacy.json";
import plPayment from "../../locales/pl/payment.json";
import plConsent from "../../locales/pl/consent.json";
import plMail from "../../locales/pl/mail.json";
import plError from "../../locales/pl/error.json";
import plWithdrawal from "../../locales/pl/withdrawal.json";
import plReview from "../../locales/pl/review.json";
import plInvoice from "../../locales/pl/invoice.json";
import plShipping from "../../locales/pl/shipping.json";
import plDataExport from "../../locales/pl/dataExport.json";
import enCommon from "../../locales/en/common.json";
import enHome from "../../locales/en/home.json";
import enTenant from "../../locales/en/tenant.json";
import enLandlord from "../../locales/en/landlord.json";
import enOrder from "../../locales/en/order.json";
import enBlog from "../../locales/en/blog.json";
import enContact from "../../locales/en/contact.json";
import enTerms from "../../locales/en/terms.json";
import enPrivacy from "../../locales/en/privacy.json";
import enPayment from "../../locales/en/payment.json";
import enConsent from "../../locales/en/consent.json";
import enMail from "../../locales/en/mail.json";
import enError from "../../locales/en/error.json";
import enWithdrawal from "../../locales/en/withdrawal.json";
import enReview from "../../locales/en/review.json";
import enInvoice from "../../locales/en/invoice.json";
import enShipping from "../../locales/en/shipping.json";
import enDataExport from "../../locales/en/dataExport.json";
import ukCommon from "../../locales/uk/common.json";
import ukHome from "../../locales/uk/home.json";
import ukTenant from "../../locales/uk/tenant.json";
import ukLandlord from "../../locales/uk/landlord.json";
import ukOrder from "../../locales/uk/order.json";
import ukBlog from "../../locales/uk/blog.json";
import ukContact from "../../locales/uk/contact.json";
import ukTerms from "../../locales/uk/terms.json";
import ukPrivacy from "../../locales/uk/privacy.json";
import ukPayment from "../../locales/uk/payment.json";
import ukConsent from "../../locales/uk/consent.json";
import ukMail from "../../locales/uk/mail.json";
import ukError from "../../locales/uk/error.json";
import ukWithdrawal from "../../locales/uk/withdrawal.json";
import ukReview from "../../locales/uk/review.json";
import ukInvoice from "../../locales/uk/invoice.json";
import ukShipping from "../../locales/uk/shipping.json";
import ukDataExport from "../../locales/uk/dataExport.json";
import ruCommon from "../../locales/ru/common.json";
import ruHome from "../../locales/ru/home.json";
import ruTenant from "../../locales/ru/tenant.json";
import ruLandlord from "../../locales/ru/landlord.json";
import ruOrder from "../../locales/ru/order.json";
import ruBlog from "../../locales/ru/blog.json";
import ruContact from "../../locales/ru/contact.json";
import ruTerms from "../../locales/ru/terms.json";
import ruPrivacy from "../../locales/ru/privacy.json";
import ruPayment from "../../locales/ru/payment.json";
import ruConsent from "../../locales/ru/consent.json";
import ruMail from "../../locales/ru/mail.json";
import ruError from "../../locales/ru/error.json";
import ruWithdrawal from "../../locales/ru/withdrawal.json";
import ruReview from "../../locales/ru/review.json";
import ruInvoice from "../../locales/ru/invoice.json";
import ruShipping from "../../locales/ru/shipping.json";
import ruDataExport from "../../locales/ru/dataExport.json";

/**
 * Every translation, bundled into the server build. The browser never imports this
 * module: the root loader sends it only the namespaces the current page needs.
 * A new namespace is a JSON file in each of locales/{pl,en,uk,ru} plus one line per language here.
 */
export const NAMESPACES = [
  "common",
  "home",
  "tenant",
  "landlord",
  "order",
  "blog",
  "contact",
  "terms",
  "privacy",
  "payment",
  "consent",
  "mail",
  "error",
  "withdrawal",
  "review",
  "invoice",
  "shipping",
  "dataExport",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Resources = Record<string, unknown>;

export const resources: Record<Locale, Record<Namespace, Resources>> = {
  pl: {
    common: plCommon,
    home: plHome,
    tenant: plTenant,
    landlord: plLandlord,
    order: plOrder,
    blog: plBlog,
    contact: plContact,
    terms: plTerms,
    privacy: plPrivacy,
    payment: plPayment,
    consent: plConsent,
    mail: plMail,
    error: plError,
    withdrawal: plWithdrawal,
    review: plReview,
    invoice: plInvoice,
    shipping: plShipping,
    dataExport: plDataExport,
  },
  en: {
    common: enCommon,
    home: enHome,
    tenant: enTenant,
    landlord: enLandlord,
    order: enOrder,
    blog: enBlog,
    contact: enContact,
    terms: enTerms,
    privacy: enPrivacy,
    payment: enPayment,
    consent: enConsent,
    mail: enMail,
    error: enError,
    withdrawal: enWithdrawal,
    review: enReview,
    invoice: enInvoice,
    shipping: enShipping,
    dataExport: enDataExport,
  },
  uk: {
    common: ukCommon,
    home: ukHome,
    tenant: ukTenant,
    landlord: ukLandlord,
    order: ukOrder,
    blog: ukBlog,
    contact: ukContact,
    terms: ukTerms,
    privacy: ukPrivacy,
    payment: ukPayment,
    consent: ukConsent,
    mail: ukMail,
    error: ukError,
    withdrawal: ukWithdrawal,
    review: ukReview,
    invoice: ukInvoice,
    shipping: ukShipping,
    dataExport: ukDataExport,
  },
  ru: {
    common: ruCommon,
    home: ruHome,
    tenant: ruTenant,
    landlord: ruLandlord,
    order: ruOrder,
    blog: ruBlog,
    contact: ruContact,
    terms: ruTerms,
    privacy: ruPrivacy,
    payment: ruPayment,
    consent: ruConsent,
    mail: ruMail,
    error: ruError,
    withdrawal: ruWithdrawal,
    review: ruReview,
    invoice: ruInvoice,
    shipping: ruShipping,
    dataExport: ruDataExport,
  },
};

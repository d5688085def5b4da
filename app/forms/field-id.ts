/**
 * The id of a form whose fields conform names `field-<name>` (conform names a field's element
 * `<form id>-<field name>`, its error `…-error`, its hint `…-description`). The order pages' form
 * has it at every step, so the order pages' links, labels and tests, and the language switcher that
 * carries its values to another language, find it by this id.
 */
export const FIELD_ID_PREFIX = "field";

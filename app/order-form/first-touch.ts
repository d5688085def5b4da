// What the order form needs only once a visitor starts on it, in one chunk fetched at the first
// touch (FormStep): the browser's check of the details and the preview step the submit leads to.
// One module, so the two come in one file and share its compression rather than in two.
export { validateOrderDetails } from "~/order/details-validation";
export { PreviewStep } from "./PreviewStep";

// The one valid order's fields for every test (the order form's names). Its source is in app/, where
// the server's warm-up uses it too; a test changes only the fields it is about: { ...validOrderForm(), phone: "…" }.
export { sampleOrderForm as validOrderForm } from "../../app/order/sample-order";

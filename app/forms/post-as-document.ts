/**
 * Sends a form's values to another page as a whole-page POST, past the script that would send it
 * in the background (Remix's <Form>): what the browser does with the same button without JavaScript.
 * The values travel in the request's body, never in its URL. `extra` adds fields (an intent) in
 * place of the button that was pressed.
 */
export function postAsDocument(form: HTMLFormElement, action: string, extra: Record<string, string>): void {
  const carrier = document.createElement("form");
  carrier.method = "post";
  carrier.action = action;
  carrier.hidden = true;
  const fields = [...new FormData(form)].filter(([name]) => !(name in extra));
  for (const [name, value] of [...fields, ...Object.entries(extra)]) {
    if (typeof value !== "string") continue;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    carrier.append(input);
  }
  document.body.append(carrier);
  carrier.submit();
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { DECLARATION_TEXT } from "~/admin/texts";
import { ADDRESS_LATER_TEXT } from "~/order/admin-texts";
import { awaitsAddress } from "~/order/address-later";
import { env, substituteFlat } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { declarationPdf } from "~/documents/declaration.server";
import { normaliseCode, verificationUrl } from "~/order/declaration-code";
import { warsawDay } from "~/order/delivery-dates.server";
import { declarationToPrint, flatOfDeclaration } from "~/order/replacement.server";
import { resourceResponse, textResponse } from "~/security/responses.server";

/** The owner's declaration for one paid (or dispatched) order, for the operator to print and have signed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOperator(request);
  const id = params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : null;
  const order = id === null ? undefined : await getDb().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  if (!order) return textResponse(`${DECLARATION_TEXT.notFound}\n`, 404, ADMIN_HEADERS);
  if ((order.status !== "paid" && order.status !== "dispatched") || order.anonymised_at)
    return textResponse(`${DECLARATION_TEXT.notPaid}\n`, 409, ADMIN_HEADERS);
  if (awaitsAddress(order)) return textResponse(`${ADDRESS_LATER_TEXT.notYet}\n`, 409, ADMIN_HEADERS);
  // The current declaration, or a replaced one by its code (?kod=, docs/decisions/092), with the flat it names.
  const asked = new URL(request.url).searchParams.get("kod");
  const declaration = await declarationToPrint(getDb(), order, asked === null ? null : (normaliseCode(asked) ?? ""));
  if (!declaration) return textResponse(`${DECLARATION_TEXT.notFound}\n`, 404, ADMIN_HEADERS);
  const { code } = declaration;
  const pdf = await declarationPdf(order, flatOfDeclaration(declaration, substituteFlat), {
    code,
    url: verificationUrl(env.SITE_URL, code),
    declaredOn: declaration.declared_on,
    replacedOn: declaration.replaced_at ? warsawDay(new Date(declaration.replaced_at)) : null,
  });
  return resourceResponse(new Uint8Array(pdf), {
    contentType: "application/pdf",
    headers: {
      ...ADMIN_HEADERS,
      "Content-Disposition": `attachment; filename="oswiadczenie-${order.number}${declaration.owner_name ? `-${code}` : ""}.pdf"`,
    },
  });
}

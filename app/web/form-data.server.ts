// Reading a form body: a body that is not a form (JSON, a broken multipart) is a 400, never a 500.
import { data } from "@remix-run/node";

export const NOT_A_FORM_MESSAGE = "This request did not contain a form. Please submit the form on the page.";

export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: NOT_A_FORM_MESSAGE }, { status: 400 });
  }
}

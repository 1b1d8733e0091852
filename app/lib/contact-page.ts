// The contact form's address (app/routes/contact.tsx), linked from the footer, the 404 page and the policy pages.
export const CONTACT_PAGE = "/contact";

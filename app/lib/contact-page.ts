// Whether the contact form's page is part of this build. Pages and menus link to /contact only when it is, so a
// visitor never follows a link to a 404 (the form is built separately, issue 18 §2). Decided when the app is bundled:
// Vite lists the route files matching these names (the modules are only loaded if something calls the functions,
// which nothing does).
const contactRouteFiles = import.meta.glob(["../routes/contact.tsx", "../routes/contact._index.tsx", "../routes/contact/route.tsx"]);

/** "/contact" when the contact form exists, else null. */
export const CONTACT_PAGE: string | null = Object.keys(contactRouteFiles).length > 0 ? "/contact" : null;

// Touch screens (a coarse pointer: phones, tablets) get controls at least 44 px high (WCAG 2.5.5; Apple's and
// Google's guidance), mouse users keep Chakra's compact sizes. Use it as a key in any Chakra style object:
// `{ [TOUCH]: { minH: "11" } }`. The theme (app/theme.ts) applies it to Chakra's buttons, inputs, selects,
// checkboxes and breadcrumb links.
export const TOUCH = "@media (pointer: coarse)" as const;

/** Chakra's size token for 44 px. */
export const TOUCH_TARGET = "11";

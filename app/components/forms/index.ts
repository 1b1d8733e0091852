// The field kit: every form's labelled controls, their messages, row lists and the image picker (docs/decisions/0026
// for the reading side). Pages import from here.
export { FormErrors, FormSuccess, type FieldFrame } from "./Field.tsx";
export { CheckboxField, SelectField, TextareaField, TextField, type Binding, type SelectOption } from "./TextField.tsx";
export type { Row, RowCell } from "./RowEditor.tsx";
export { ImagePicker, type PickedImage } from "./ImagePicker.tsx";
export type { ImageRules } from "./image-rules.ts";

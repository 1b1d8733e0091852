// The field kit: every form's labelled controls, their messages, row lists and the image picker (docs/decisions/0026
// for the reading side). Pages import from here.
export { describedBy, Field, FormErrors, FormSuccess, frameOf, type FieldFrame } from "./Field.tsx";
export { CheckboxField, SelectField, TextareaField, TextField, type Binding, type SelectOption } from "./TextField.tsx";
export { RowEditor, type Row, type RowCell } from "./RowEditor.tsx";
export { ImagePicker, type PickedImage } from "./ImagePicker.tsx";
export { acceptImages, type ImageRules } from "./image-rules.ts";

// Form controls for every app (entry `shared-ui/forms`): one look, one height, one focus ring.
// Kept off the main entry, which the shell loads for every visitor before any page: only the
// pages with forms (the shell's sign-in pages, the remotes) download them.
export { Input, Select, TextArea, Label, FieldHint, FieldError } from './controls';
export { Field, type FieldProps, type FieldControlProps } from './Field';
export { controlLook, controlSize, focusRing } from './controlStyles';

// The whole form's data, for the few widgets whose drawing follows their siblings (the signature pad draws the name
// typed beside it). rjsf gives a widget its own value only; the form provides the rest here, read-only: a widget
// still changes nothing but its own value.
import { createContext, useContext } from 'react';

export const FormDataContext = createContext<Record<string, unknown>>({});

export const useFormData = () => useContext(FormDataContext);

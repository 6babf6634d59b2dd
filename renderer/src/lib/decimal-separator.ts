// The decimal separator number fields read and write: the store's, a point, whatever language the visitor's browser
// prefers. rjsf asks the browser (a new Intl.NumberFormat for navigator.languages on every draw of every number
// field), so a browser that prefers German would read "1,500" typed into an income field as one and a half; and the
// browser's first Intl.NumberFormat is the costliest single call in a wizard step's first draw (its locale data is
// loaded then). The store serves US coverage in English and in Spanish as written in the US (es-US), and both write
// amounts with a point. The build gives rjsf this file in place of its own (vite.config.ts, `slimFormLibrary`);
// decimal-separator.test.ts holds it to rjsf's answers for the store's languages.
export default function getDecimalSeparator(): string {
  return '.';
}

import type { Schema } from '../../../lib/api';
import { Message, useT } from '../../../lib/i18n';
import { phone, telHref } from '../../../utils/format';
import { m } from '../messages';

export interface ReceiptQuestionsProps {
  /** The person who helped with the application, if one did: they are the one to call. */
  helper: Schema<'Helper'> | null | undefined;
  /** The site's own phone and e-mail, called when no one helped. */
  branding: Schema<'Branding'> | undefined;
}

/** Who to call with questions: the helper, else the site (if it shows a phone), and the carrier. */
export function ReceiptQuestions({ helper, branding }: ReceiptQuestionsProps) {
  const t = useT();
  return (
    <section aria-labelledby="questions-heading">
      <h2 id="questions-heading">{t(m.questionsHeading)}</h2>
      {helper ? (
        <p>
          <Message
            of={m.callHelper}
            values={{
              name: helper.name,
              phone: phone(helper.phone),
              email: helper.email,
              tel: (chunks) => <a href={telHref(helper.phone)}>{chunks}</a>,
              mail: (chunks) => <a href={`mailto:${helper.email}`}>{chunks}</a>,
            }}
          />
        </p>
      ) : (
        branding?.display_phone && (
          <p>
            <Message
              of={branding.display_email ? m.callOrWriteUs : m.callUs}
              values={{
                phone: phone(branding.display_phone),
                email: branding.display_email,
                tel: (chunks) => <a href={telHref(branding.display_phone)}>{chunks}</a>,
                mail: (chunks) => <a href={`mailto:${branding.display_email}`}>{chunks}</a>,
              }}
            />
          </p>
        )
      )}
      <p>{t(m.callCarrier)}</p>
    </section>
  );
}

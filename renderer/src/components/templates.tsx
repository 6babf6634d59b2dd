// rjsf templates for lists (beneficiaries, health details, medications): buttons that say what they do, and each
// item under a numbered heading taken from the uiSchema the server composed (`ui:options.itemTitle`, "Beneficiary #{n}").
import type { ArrayFieldItemTemplateProps, IconButtonProps, TemplatesType } from '@rjsf/utils';
import { getTemplate, getUiOptions } from '@rjsf/utils';

function TextButton({ label, ...props }: IconButtonProps & { label: string }) {
  const { id, className, onClick, disabled, title } = props;
  return (
    <button id={id} type="button" className={`text-button ${className ?? ''}`} onClick={onClick} disabled={disabled} title={title}>
      {label}
    </button>
  );
}

/** "Beneficiary #{n}" with n counted from 1. */
export function itemTitle(template: unknown, index: number): string | undefined {
  return typeof template === 'string' ? template.replace('{n}', String(index + 1)) : undefined;
}

function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, className, buttonsProps, hasToolbar, registry, uiSchema, parentUiSchema, index } = props;
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  const title = itemTitle(getUiOptions(parentUiSchema).itemTitle, index);
  return (
    <div className={`${className} list-item`}>
      {title && <h3 className="list-item-title">{title}</h3>}
      {children}
      {hasToolbar && (
        <div className="list-item-buttons">
          <Buttons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates?: Partial<TemplatesType['ButtonTemplates']>;
} = {
  ArrayFieldItemTemplate,
  ButtonTemplates: {
    AddButton: (p) => <TextButton {...(p as IconButtonProps)} label="Add" title="Add" />,
    RemoveButton: (p) => <TextButton {...p} label="Remove" />,
    MoveUpButton: (p) => <TextButton {...p} label="Move up" />,
    MoveDownButton: (p) => <TextButton {...p} label="Move down" />,
    CopyButton: (p) => <TextButton {...p} label="Copy" />,
  },
};

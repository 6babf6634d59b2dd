// rjsf templates for lists (beneficiaries, health details, medications): buttons that say what they do, and each
// item under a numbered heading taken from the uiSchema the server composed (`ui:options.itemTitle`, "Beneficiary #{n}");
// and the text input, which keeps a name as the server will store it (`x-normalize`).
import { getDefaultRegistry } from '@rjsf/core';
import type {
  ArrayFieldItemTemplateProps,
  BaseInputTemplateProps,
  IconButtonProps,
  ObjectFieldTemplateProps,
  RJSFSchema,
  TemplatesType,
  UiSchema,
} from '@rjsf/utils';
import { descriptionId, getTemplate, getUiOptions, titleId, TranslatableString } from '@rjsf/utils';
import { isWideField } from './field-layout';
import { normalizeTyped } from './normalize';

/** A list's button in words (rjsf draws icons), `word` said in the form's language (its `translateString`). */
function TextButton({ word, withTitle, ...props }: IconButtonProps & { word: TranslatableString; withTitle?: boolean }) {
  const { id, className, onClick, disabled, title, registry } = props;
  const label = registry.translateString(word);
  return (
    <button id={id} type="button" className={`text-button ${className ?? ''}`} onClick={onClick} disabled={disabled} title={withTitle ? label : title}>
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

/**
 * An object's fields in a grid: two columns on wide screens where the form asks for it (`.form-columns` around the
 * form), one on phones; a group nested in the form (a list item, a question's details) is a fieldset of its own.
 */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { className, description, errorSchema, fieldPathId, formData, properties, registry, required, schema, title, uiSchema } = props;
  const options = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, options);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  const fields = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  return (
    <fieldset className={`${className ?? ''} form-grid`.trim()} id={fieldPathId.$id}>
      {title && <TitleFieldTemplate id={titleId(fieldPathId)} title={title} required={required} schema={schema} uiSchema={uiSchema} registry={registry} />}
      {description && (
        <DescriptionFieldTemplate id={descriptionId(fieldPathId)} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />
      )}
      {inSections(properties, schema).map((group) => {
        const cells = group.properties.map((p) =>
          p.hidden ? (
            p.content
          ) : (
            <div key={p.name} className={isWideField(fields[p.name], uiSchema?.[p.name] as UiSchema | undefined) ? 'form-cell form-cell-wide' : 'form-cell'}>
              {p.content}
              <Refused
                schema={fields[p.name]}
                value={(formData as Record<string, unknown> | undefined)?.[p.name]}
                said={(errorSchema as Record<string, { __errors?: string[] } | undefined> | undefined)?.[p.name]?.__errors ?? []}
                id={`${fieldPathId.$id}_${p.name}`}
              />
            </div>
          ),
        );
        if (!group.title) return cells;
        const headingId = `${fieldPathId.$id}__section-${group.index}`;
        return (
          <section key={headingId} className="form-section form-grid form-cell-wide" aria-labelledby={headingId}>
            <h2 id={headingId}>{group.title}</h2>
            {cells}
          </section>
        );
      })}
    </fieldset>
  );
}

/**
 * A choice the form refuses (`x-refuse`: Retired as the employment status) says so as soon as it is picked, not only on
 * Next; the form still refuses it on Next (customValidate, whose message then stands under the field instead), and the
 * server again.
 */
function Refused({ schema, value, said, id }: { schema: RJSFSchema | undefined; value: unknown; said: string[]; id: string }) {
  const refusal = typeof value === 'string' ? (schema as { 'x-refuse'?: Record<string, string> } | undefined)?.['x-refuse']?.[value] : undefined;
  if (!refusal || said.includes(refusal)) return null;
  return (
    <p className="error refused-choice" role="alert" id={`${id}__refused`}>
      {refusal}
    </p>
  );
}

const CoreBaseInputTemplate = getDefaultRegistry().templates.BaseInputTemplate;

/**
 * rjsf's text input, keeping what is typed as the field's `x-normalize` says (a name in Unicode's composed form):
 * the form's data, its early check and what is sent are what the server will store.
 */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { schema, onChange } = props;
  if (schema['x-normalize'] !== 'name' && schema['x-normalize'] !== 'text') return <CoreBaseInputTemplate {...props} />;
  return <CoreBaseInputTemplate {...props} onChange={(value, errors, id) => onChange(normalizeTyped(schema, value), errors, id)} />;
}

interface Section {
  title: string;
  fields: string[];
}

/**
 * The form's fields in the sections its schema names (`x-sections`: a heading and the fields under it, as the agreement
 * puts who verifies and who signs under one heading); fields of no section stay where they are. A section starts at
 * the first of its fields the form draws.
 */
export function inSections<P extends { name: string }>(properties: P[], schema: RJSFSchema): { title: string | null; index: number; properties: P[] }[] {
  const sections = (Array.isArray(schema['x-sections']) ? schema['x-sections'] : []) as Section[];
  const groups: { title: string | null; index: number; properties: P[] }[] = [];
  for (const p of properties) {
    const index = sections.findIndex((s) => Array.isArray(s.fields) && s.fields.includes(p.name));
    const last = groups[groups.length - 1];
    if (last && (index === -1 ? last.title === null : last.index === index)) last.properties.push(p);
    else groups.push({ title: index === -1 ? null : sections[index].title, index, properties: [p] });
  }
  return groups;
}

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates?: Partial<TemplatesType['ButtonTemplates']>;
} = {
  ArrayFieldItemTemplate,
  ObjectFieldTemplate,
  BaseInputTemplate,
  ButtonTemplates: {
    AddButton: (p) => <TextButton {...(p as IconButtonProps)} word={TranslatableString.AddButton} withTitle />,
    RemoveButton: (p) => <TextButton {...p} word={TranslatableString.RemoveButton} />,
    MoveUpButton: (p) => <TextButton {...p} word={TranslatableString.MoveUpButton} />,
    MoveDownButton: (p) => <TextButton {...p} word={TranslatableString.MoveDownButton} />,
    CopyButton: (p) => <TextButton {...p} word={TranslatableString.CopyButton} />,
  },
};

import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render } from '../testing/render';
import { describe, expect, it, vi } from 'vitest';
import { drawnForm } from './drawn-form';
import { checkPlainForm, fitsPlainForm, PlainForm } from './plain-form';
import { SchemaForm } from './schema-form';
import { chooseOption } from '../testing/screen';

// The quote's filter as the server sends it (filter-form, no enrollment; engine::schema::compose_filter).
const DATE = '^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$';
const children = (n: number) => ({
  type: 'integer',
  title: 'Number of Children',
  oneOf: Array.from({ length: n }, (_, i) => ({ const: i + 1, title: String(i + 1) })),
  'x-messages': { required: 'Field is required' },
});
const tierIs = (tiers: string[]) => ({ properties: { tier: { enum: tiers } }, required: ['tier'] });
const filter = drawnForm({
  schema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Find plans for you',
    type: 'object',
    properties: {
      zip: { title: 'Zip Code', type: 'string', pattern: '^[0-9]{5}$', 'x-messages': { pattern: 'Invalid Zip code' }, 'x-widget': 'zip' },
      gender: { title: 'Gender', type: 'string', oneOf: [{ title: 'Male', type: 'string', const: '0' }, { title: 'Female', type: 'string', const: '1' }] },
      tier: {
        title: 'Choose Tier',
        type: 'string',
        oneOf: [
          { title: 'Member Only', type: 'string', const: 'IO' },
          { title: 'Member + Spouse', type: 'string', const: 'IS' },
          { title: 'Member + Children', type: 'string', const: 'IC' },
          { title: 'Family', type: 'string', const: 'IF' },
        ],
      },
      dob: {
        title: 'DOB',
        description: 'MM/DD/YYYY',
        type: 'string',
        pattern: DATE,
        'x-messages': { pattern: 'Please enter a valid date (MM/DD/YYYY)' },
        'x-checks': [{ check: 'date' }, { check: 'adult' }],
        'x-widget': 'dateMDY',
      },
    },
    required: ['zip', 'gender', 'tier', 'dob'],
    allOf: [
      {
        if: tierIs(['IS', 'IF']),
        then: {
          properties: {
            spouse_dob: {
              type: 'string',
              title: 'Spouse Date of Birth',
              description: 'MM/DD/YYYY',
              pattern: DATE,
              'x-checks': [{ check: 'date' }, { check: 'not_future' }],
              'x-messages': { required: 'Field is required', pattern: 'Please enter a valid date (MM/DD/YYYY)' },
            },
          },
        },
      },
      { if: tierIs(['IC']), then: { properties: { no_of_children: children(9) } } },
      { if: tierIs(['IF']), then: { properties: { no_of_children: children(8) } } },
    ],
  },
  uiSchema: {
    zip: { 'ui:widget': 'zip' },
    dob: { 'ui:widget': 'dateMDY' },
    spouse_dob: { 'ui:widget': 'dateMDY' },
    'ui:order': ['zip', 'gender', 'tier', 'dob', 'spouse_dob', 'no_of_children'],
  },
  formData: {},
})!;

describe('which forms the plain form draws', () => {
  it('draws the quote filter, and a premier plan’s filter that asks the category', () => {
    expect(fitsPlainForm(filter.schema, filter.uiSchema)).toBe(true);
    const category = { type: 'string', title: 'Category', oneOf: [{ const: 'medical', title: 'Medical' }], 'x-messages': { required: 'Field is required' } };
    const premier = { ...filter.schema, properties: { ...filter.schema.properties, category }, required: [...(filter.schema.required ?? []), 'category'] } as RJSFSchema;
    expect(fitsPlainForm(premier, { ...filter.uiSchema, 'ui:order': [...(filter.uiSchema['ui:order'] as string[]), 'category'] })).toBe(true);
  });

  it('leaves to rjsf lists, groups, check boxes, free text without a widget, defaults and unknown keywords', () => {
    const withField = (name: string, field: object, ui: UiSchema = {}) =>
      fitsPlainForm({ ...filter.schema, properties: { ...filter.schema.properties, [name]: field } } as RJSFSchema, { ...filter.uiSchema, ...ui, 'ui:order': ['*'] });
    expect(withField('dependents', { type: 'array', items: { type: 'object' } })).toBe(false);
    expect(withField('address', { type: 'object', properties: {} })).toBe(false);
    expect(withField('agree', { type: 'boolean' })).toBe(false);
    expect(withField('first_name', { type: 'string' })).toBe(false);
    expect(withField('phone', { type: 'string', default: '4045550134' }, { phone: { 'ui:widget': 'phone' } })).toBe(false);
    expect(withField('phone', { type: 'string', format: 'email' }, { phone: { 'ui:widget': 'phone' } })).toBe(false);
    expect(withField('phone', { type: 'string' }, { phone: { 'ui:widget': 'phone' } })).toBe(true);
    expect(withField('smoker', { type: 'string', oneOf: [{ const: '1' }] }, { smoker: { 'ui:widget': 'radio' } })).toBe(false);
    // A field the uiSchema's order leaves out is not drawn by rjsf either: such a form is rjsf's to refuse.
    expect(fitsPlainForm(filter.schema, { ...filter.uiSchema, 'ui:order': ['zip', 'gender', 'tier'] })).toBe(false);
  });
});

describe('the browser’s check of a plain form', () => {
  it('words each problem as the schema says, as rjsf would', () => {
    expect(checkPlainForm(filter.schema, {})).toEqual({
      zip: ['Field is required'],
      gender: ['Field is required'],
      tier: ['Field is required'],
      dob: ['Field is required'],
    });
    expect(checkPlainForm(filter.schema, { zip: '3030', gender: '1', tier: 'IS', dob: '13/01/1980', spouse_dob: '02/3' })).toEqual({
      zip: ['Invalid Zip code'],
      dob: ['Please enter a valid date (MM/DD/YYYY)'],
      spouse_dob: ['Please enter a valid date (MM/DD/YYYY)'],
    });
    expect(checkPlainForm(filter.schema, { zip: '30301', gender: '1', tier: 'IF', dob: '01/01/1980', no_of_children: 9 })).toEqual({
      no_of_children: ['Please choose one of the options'],
    });
    // What a condition adds is checked only while it holds; the server checks the rest (an adult's age, the ZIP code).
    expect(checkPlainForm(filter.schema, { zip: '99999', gender: '1', tier: 'IO', dob: '01/01/2020', spouse_dob: 'x' })).toEqual({});
  });
});

/** The same form drawn by rjsf and by the plain form, side by side. */
function both(props: { formData?: Record<string, unknown>; extraErrors?: Record<string, { __errors: string[] }> } = {}) {
  const submitted = { rjsf: vi.fn(), plain: vi.fn() };
  const common = { id: 'filter', schema: filter.schema, uiSchema: filter.uiSchema, formData: props.formData ?? {}, extraErrors: props.extraErrors as never };
  const button = (
    <button type="submit" className="primary">
      Submit
    </button>
  );
  const rjsf = render(
    <SchemaForm {...common} onSubmit={submitted.rjsf} onError={() => undefined}>
      {button}
    </SchemaForm>,
  ).container;
  const plain = render(
    <PlainForm {...common} onSubmit={submitted.plain}>
      {button}
    </PlainForm>,
  ).container;
  const act = (fn: (page: HTMLElement) => void) => [rjsf, plain].forEach(fn);
  return { rjsf, plain, act, submitted };
}

const select = (page: HTMLElement, id: string, label: string) => chooseOption(page.querySelector<HTMLSelectElement>(`#${id}`)!, label);
const type = (page: HTMLElement, id: string, text: string) => fireEvent.change(page.querySelector(`#${id}`)!, { target: { value: text } });
const submit = (page: HTMLElement) => fireEvent.submit(page.querySelector('form')!);

describe('the plain form draws what rjsf draws', () => {
  it('the same fields, the same problems after Submit, and the fields a tier adds', () => {
    const { rjsf, plain, act, submitted } = both();
    expect(plain.innerHTML).toBe(rjsf.innerHTML);
    act(submit);
    expect(plain.innerHTML).toBe(rjsf.innerHTML);
    expect(plain.querySelectorAll('li.text-danger')).toHaveLength(4);
    act((page) => type(page, 'root_zip', '3030a'));
    act((page) => select(page, 'root_tier', 'Family'));
    expect(plain.innerHTML).toBe(rjsf.innerHTML);
    expect(plain.querySelector('#root_no_of_children')).not.toBeNull();
    act(submit);
    expect(plain.innerHTML).toBe(rjsf.innerHTML);
    expect(plain.querySelector('#root_zip__error')?.textContent).toBe('Invalid Zip code');
    act((page) => type(page, 'root_zip', '30301'));
    act((page) => select(page, 'root_gender', 'Female'));
    act((page) => type(page, 'root_dob', '01011980'));
    act((page) => select(page, 'root_no_of_children', '2'));
    act(submit);
    expect(plain.innerHTML).toBe(rjsf.innerHTML);
    const sent = { zip: '30301', gender: '1', tier: 'IF', dob: '01/01/1980', no_of_children: 2 };
    expect(submitted.rjsf.mock.calls[0][0]).toEqual(sent);
    expect(submitted.plain.mock.calls[0][0]).toEqual(sent);
  });

  it('a quote’s stored filter, and the server’s messages under their fields', () => {
    const formData = { zip: '30301', gender: '1', tier: 'IS', dob: '01/01/2015', spouse_dob: '02/14/1985' };
    const { rjsf, plain, act } = both({ formData, extraErrors: { dob: { __errors: ['You must be 18 years to proceed'] } } });
    expect(plain.innerHTML).toBe(rjsf.innerHTML);
    expect(plain.querySelector('#root_dob__error')?.textContent).toBe('You must be 18 years to proceed');
    expect(plain.querySelector<HTMLInputElement>('#root_spouse_dob')?.value).toBe('02/14/1985');
    act((page) => type(page, 'root_dob', '0101198'));
    act(submit);
    expect(plain.innerHTML).toBe(rjsf.innerHTML);
  });
});

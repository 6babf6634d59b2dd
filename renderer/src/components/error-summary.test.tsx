import { fireEvent, render, screen } from '../testing/render';
import { describe, expect, it } from 'vitest';
import { ErrorSummary, fieldId, problemsFromServer, problemsFromValidation } from './error-summary';

describe('the error summary', () => {
  it('counts the problems in its heading and takes the focus', () => {
    render(<ErrorSummary problems={[{ field: 'root_email', message: 'Email: Field is required' }]} attempt={1} />);
    const heading = screen.getByRole('heading', { name: 'Please correct 1 problem' });
    expect(document.activeElement).toBe(heading.parentElement);
  });

  it('moves the focus to a field when its link is followed, a group of choices to its first choice', () => {
    render(
      <>
        <ErrorSummary
          problems={[
            { field: 'root_first_name', message: 'First Name: Please enter valid first name' },
            { field: 'root_prior_coverage_flag', message: 'Prior Coverage: Field is required' },
          ]}
          attempt={1}
        />
        <input id="root_first_name" aria-label="First Name" />
        <input type="radio" id="root_prior_coverage_flag-0" aria-label="No prior Health Coverage" />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Please correct 2 problems' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'First Name: Please enter valid first name' }));
    expect(document.activeElement?.id).toBe('root_first_name');
    fireEvent.click(screen.getByRole('link', { name: 'Prior Coverage: Field is required' }));
    expect(document.activeElement?.id).toBe('root_prior_coverage_flag-0');
  });

  it('shows nothing when there is no problem', () => {
    const { container } = render(<ErrorSummary problems={[]} attempt={0} />);
    expect(container.textContent).toBe('');
  });

  it('names each problem by its field’s label, for the browser’s check and the server’s', () => {
    const schema = { type: 'object' as const, properties: { email: { type: 'string' as const, title: 'Email' } } };
    expect(problemsFromValidation(schema, [{ property: '.email', message: 'Field is required', stack: '' }])).toEqual([
      { field: 'root_email', message: 'Email: Field is required' },
    ]);
    expect(
      problemsFromServer(schema, [{ target_element: 'email', error_message: 'Please enter a valid Email' }, { target_element: '', error_message: 'Try again' }], () => true),
    ).toEqual([{ field: 'root_email', message: 'Please enter a valid Email' }, { message: 'Try again' }]);
    expect(fieldId('condition_questions.0.health_condition')).toBe('root_condition_questions_0_health_condition');
  });

  it('names each dependent once with what it still needs, linked to its row, instead of every field of every one', () => {
    const schema = {
      type: 'object',
      properties: {
        spouse_status: { type: 'string', title: 'Do you have a spouse to cover?' },
        dependents: {
          type: 'array',
          'x-field': 'listEditor',
          'x-item-title': 'Dependent #{n}',
          items: {
            type: 'object',
            properties: Object.fromEntries(
              ['First Name', 'Last Name', 'Gender', 'Birth Date', 'Weight (lbs)'].map((t) => [t.toLowerCase().replace(/\W+/g, '_'), { type: 'string', title: t }]),
            ),
          },
        },
      },
    } as never;
    const required = (path: string) => ({ target_element: path, error_message: 'Field is required' });
    const problems = problemsFromServer(
      schema,
      [
        required('dependents.0.first_name'),
        required('dependents.0.last_name'),
        required('dependents.1.first_name'),
        required('dependents.1.last_name'),
        required('dependents.1.gender'),
        required('dependents.1.birth_date'),
        required('dependents.1.weight_lbs_'),
        { target_element: 'dependents.2.birth_date', error_message: 'A child is covered until age 26' },
        required('spouse_status'),
      ],
      () => true,
    );
    expect(problems).toEqual([
      { field: 'root_dependents_0', message: 'Dependent #1: First Name, Last Name: Field is required' },
      { field: 'root_dependents_1', message: 'Dependent #2: First Name, Last Name, Gender and 2 more: Field is required' },
      { field: 'root_dependents_2', message: 'Dependent #3: Birth Date: A child is covered until age 26' },
      { field: 'root_spouse_status', message: 'Do you have a spouse to cover?: Field is required' },
    ]);
  });
});

// The words of list-editor.tsx and its parts in list-editor/ (`components.<key>`), apart from the shared ones in messages.ts, so that they load with them.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // list-editor.tsx
  holdNext: { id: 'components.holdNext', defaultMessage: 'Please submit the edited form first to continue' },
  holdRemove: { id: 'components.holdRemove', defaultMessage: 'Please submit the edited form first to delete' },
  holdAdd: { id: 'components.holdAdd', defaultMessage: 'Please submit the edited form first to add dep' },
  born: { id: 'components.born', defaultMessage: 'born {date}' },
  item: { id: 'components.item', defaultMessage: 'item' },
  noneYet: { id: 'components.noneYet', defaultMessage: 'None added yet.' },
  rowFault: { id: 'components.rowFault', defaultMessage: '<alert> Please edit {title}: {fault}</alert>' },
  edit: { id: 'components.edit', defaultMessage: 'Edit<hidden> {title}</hidden>' },
  delete: { id: 'components.delete', defaultMessage: 'Delete<hidden> {title}</hidden>' },
  correctItem: { id: 'components.correctItem', defaultMessage: 'Please correct {title}: {message}' },
  correctItemNamed: { id: 'components.correctItemNamed', defaultMessage: 'Please correct {title} ({summary}): {message}' },
  submit: { id: 'components.submit', defaultMessage: 'Submit' },
  clickToAdd: { id: 'components.clickToAdd', defaultMessage: 'Click to add {noun}' },
  addNoun: { id: 'components.addNoun', defaultMessage: 'Add {noun}' },
});

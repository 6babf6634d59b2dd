import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  // carrier-console.tsx
  title: { id: 'carrier.title', defaultMessage: 'Carrier console' },
  linkFailed: { id: 'carrier.linkFailed', defaultMessage: 'This sign-in link has expired or was already used. Please ask your carrier portal for a new one.' },
  heading: { id: 'carrier.heading', defaultMessage: 'Questions of {carrier}’s plans' },
  signedInAs: { id: 'carrier.signedInAs', defaultMessage: 'Signed in as {name}' },
  signOut: { id: 'carrier.signOut', defaultMessage: 'Sign out' },
  stale: { id: 'carrier.stale', defaultMessage: 'Its {language} is older than its English: {what} changed in English only.' },
  staleConfirm: {
    id: 'carrier.staleConfirm',
    defaultMessage: '{count, plural, one {A text’s Spanish is older than its English. Publish it as it is.} other {# texts’ Spanish is older than their English. Publish them as they are.}}',
  },
  frameBrand: { id: 'carrier.frameBrand', defaultMessage: '<strong>{carrier}</strong> · Carrier console' },
  signedOut: { id: 'carrier.signedOut', defaultMessage: 'You are signed out. Open the console again with the link from your carrier portal.' },
  plans: { id: 'carrier.plans', defaultMessage: 'Plans' },
  planButton: { id: 'carrier.planButton', defaultMessage: '{name}<hint> · {asks}</hint>' },
  draft: { id: 'carrier.draft', defaultMessage: 'Draft' },
  noPlans: { id: 'carrier.noPlans', defaultMessage: 'This carrier has no plans.' },
  asksNone: { id: 'carrier.asksNone', defaultMessage: 'no questions' },
  asksEligibility: { id: 'carrier.asksEligibility', defaultMessage: '{count, plural, one {# eligibility question} other {# eligibility questions}}' },
  asksHealth: { id: 'carrier.asksHealth', defaultMessage: '{count, plural, one {# health question} other {# health questions}}' },
  asksBoth: { id: 'carrier.asksBoth', defaultMessage: '{eligibility} eligibility, {health} health questions' },

  // preview-panel.tsx
  previewDraft: { id: 'carrier.previewDraft', defaultMessage: 'The draft as applicants will see it' },
  previewNow: { id: 'carrier.previewNow', defaultMessage: 'What applicants see now' },
  previewWidth: { id: 'carrier.previewWidth', defaultMessage: 'Preview width' },
  phone: { id: 'carrier.phone', defaultMessage: 'Phone' },
  desktop: { id: 'carrier.desktop', defaultMessage: 'Desktop' },
  asksNothing: { id: 'carrier.asksNothing', defaultMessage: 'This plan asks no questions: applicants see its price at once.' },
  applicationStep: { id: 'carrier.applicationStep', defaultMessage: "{title} (the application's step)" },
  declined: { id: 'carrier.declined', defaultMessage: '<strong>Declined:</strong> {message}' },
  accepted: { id: 'carrier.accepted', defaultMessage: '<strong>Accepted:</strong> {message}' },
  applicationHint: {
    id: 'carrier.applicationHint',
    defaultMessage: 'In the application, after Personal and Contact Information. Answer Yes to see the details a question asks for.',
  },

  // plan-editor.tsx
  sendFailed: { id: 'carrier.sendFailed', defaultMessage: 'This could not be sent. Please check your connection and try again.' },
  saved: { id: 'carrier.saved', defaultMessage: 'Draft saved. Applicants are asked what is published until you publish it.' },
  discarded: { id: 'carrier.discarded', defaultMessage: 'Draft discarded.' },
  published: {
    id: 'carrier.published',
    defaultMessage: 'Published as version {version}: applicants who start now are asked these questions; applications already started keep theirs.',
  },
  imported: { id: 'carrier.imported', defaultMessage: '{file} is the draft now.' },
  planLine: { id: 'carrier.planLine', defaultMessage: '{category}' },
  planLineDraft: { id: 'carrier.planLineDraft', defaultMessage: '{category} · draft saved by {name}' },
  questions: { id: 'carrier.questions', defaultMessage: 'Questions' },
  saveDraft: { id: 'carrier.saveDraft', defaultMessage: 'Save draft' },
  discardDraft: { id: 'carrier.discardDraft', defaultMessage: 'Discard draft' },
  importFile: { id: 'carrier.importFile', defaultMessage: 'Import a workflow file as the draft' },
  publish: { id: 'carrier.publish', defaultMessage: 'Publish' },
  publishText: {
    id: 'carrier.publishText',
    defaultMessage: 'Applicants who start after you publish are asked the draft’s questions; applications already started keep theirs.',
  },
  whatChanges: { id: 'carrier.whatChanges', defaultMessage: 'What changes (kept with the version)' },
  downloadDraft: { id: 'carrier.downloadDraft', defaultMessage: 'Download the draft' },
  changesTitle: { id: 'carrier.changesTitle', defaultMessage: 'What the draft changes' },
  changesNone: { id: 'carrier.changesNone', defaultMessage: 'Nothing: the draft asks what is published.' },
  changeQuestion: {
    id: 'carrier.changeQuestion',
    defaultMessage:
      '<strong>{part, select, eligibility {Eligibility} health {Health} application {Application} other {{part}}} question: {change, select, added {added} removed {removed} changed {changed} moved {moved} other {{change}}}</strong> ({what})',
  },
  changePart: {
    id: 'carrier.changePart',
    defaultMessage:
      '<strong>{part, select, eligibility {Eligibility} health {Health} application {Application} other {{part}}} questions: {change, select, added {added} removed {removed} changed {changed} moved {moved} other {{change}}}</strong> ({what})',
  },
  versions: { id: 'carrier.versions', defaultMessage: 'Versions' },
  downloadPublished: { id: 'carrier.downloadPublished', defaultMessage: 'Download what is published' },
  noVersions: { id: 'carrier.noVersions', defaultMessage: 'No version was published from this console yet.' },
  version: { id: 'carrier.version', defaultMessage: '<strong>Version {id}</strong> · {date} · {by}' },
  versionRestores: { id: 'carrier.versionRestores', defaultMessage: '<strong>Version {id}</strong> · {date} · {by} · brings back version {restores}' },
  download: { id: 'carrier.download', defaultMessage: 'Download' },
  publishAgain: { id: 'carrier.publishAgain', defaultMessage: 'Publish this version again' },
  why: { id: 'carrier.why', defaultMessage: 'Why (kept with the version)' },
  publishVersionAgain: { id: 'carrier.publishVersionAgain', defaultMessage: 'Publish version {id} again' },
  publishedAgain: {
    id: 'carrier.publishedAgain',
    defaultMessage: 'Version {id} is published again as version {version}: applicants who start now are asked its questions.',
  },
});

// Placeholder: being built (storefront issue).
export function CurrentMembers({ kind }: { kind: 'agent' | 'group' }) {
  return <section className="banner"><h1>{kind === 'agent' ? 'Your members' : 'Your group members'}</h1></section>;
}

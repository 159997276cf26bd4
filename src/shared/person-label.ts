/** "Name <email>", or the email alone when the name is it or empty: how the audit log names a person. */
export function personLabel(person: { name: string; email: string }): string {
  const name = person.name.trim();
  return name && name !== person.email ? `${name} <${person.email}>` : person.email;
}

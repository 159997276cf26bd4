import { Avatar } from "@/components/ui/avatar";
import type { MemberDto } from "@/shared/dto";
import { ROLE_LABELS } from "@/shared/roles";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

/** Everyone in the workspace with their role (read-only until invitations arrive). */
export function MembersList({ members, actorId }: { members: MemberDto[]; actorId: string }) {
  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading" className="text-lg font-medium">
        {members.length === 1 ? "1 member" : `${members.length} members`}
      </h2>
      <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
        {members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <Avatar name={member.name} color={member.color} size={32} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium" title={member.name}>
                {member.name}
                {member.userId === actorId ? <span className="text-muted"> (you)</span> : null}
              </p>
              <p className="truncate text-sm text-muted" title={member.email}>
                {member.email}
              </p>
            </div>
            <div className="basis-full pl-11 text-sm sm:basis-auto sm:pl-0 sm:text-right">
              <p>{ROLE_LABELS[member.role]}</p>
              <p className="text-xs text-muted">Joined {dateFormat.format(new Date(member.joinedAt))}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { ReactNode } from "react";
import type { CommentBody } from "@/shared/comments/comment-dto";
import { sanitizeLinkUrl } from "@/shared/safe-urls";
import { mentionText } from "@/shared/mentions";
import { useMentionMembers } from "@/components/mention-members";

/**
 * A comment body as React elements (never HTML): bold, italic, code and links, each link checked
 * again, and mentions as "@" and the member's current name (the stored one for someone the page
 * doesn't know).
 */
export function CommentBodyView({ body }: { body: CommentBody }) {
  const { names } = useMentionMembers();
  return (
    <div dir="auto" className="comment-body whitespace-pre-wrap break-words text-sm">
      {body.ops.map((op, index) => {
        if (typeof op.insert !== "string") {
          const { mention } = op.insert;
          return (
            <span key={index} className="mention" data-user-id={mention.id}>
              {mentionText(mention, names.get(mention.id))}
            </span>
          );
        }
        let node: ReactNode = op.insert;
        const attributes = op.attributes ?? {};
        if (attributes.code) node = <code>{node}</code>;
        if (attributes.italic) node = <em>{node}</em>;
        if (attributes.bold) node = <strong>{node}</strong>;
        if (attributes.link) {
          node = (
            <a href={sanitizeLinkUrl(attributes.link)} target="_blank" rel="noopener noreferrer nofollow" className="text-accent underline">
              {node}
            </a>
          );
        }
        return <span key={index}>{node}</span>;
      })}
    </div>
  );
}

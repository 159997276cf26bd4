import type { ReactNode } from "react";
import type { CommentBody } from "@/shared/comments/comment-dto";
import { sanitizeLinkUrl } from "@/shared/safe-urls";

/** A comment body as React elements (never HTML): bold, italic, code and links, each link checked again. */
export function CommentBodyView({ body }: { body: CommentBody }) {
  return (
    <div className="comment-body whitespace-pre-wrap break-words text-sm">
      {body.ops.map((op, index) => {
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

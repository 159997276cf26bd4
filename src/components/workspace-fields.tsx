"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchJson } from "@/lib/fetch-json";
import { slugFromName } from "@/shared/workspace-slug";
import { WorkspaceSlugField } from "@/shared/schemas/workspace";
import { Field } from "@/components/ui/field";
import { RetryableError } from "./retryable-error";

interface SlugAvailability {
  slug: string;
  available: boolean;
  message?: string;
}

/**
 * Workspace name and address fields. The address follows the name until the person
 * edits it, and its availability is checked as they type.
 */
export function WorkspaceFields({
  names = { name: "name", slug: "slug" },
  defaults,
  errors,
  currentSlug,
}: {
  names?: { name: string; slug: string };
  defaults?: { name?: string; slug?: string };
  errors?: { name?: string; slug?: string };
  /** An existing workspace's address (settings): it is not "taken", and changing it is explained. */
  currentSlug?: string;
}) {
  const [name, setName] = useState(defaults?.name ?? "");
  const [slug, setSlug] = useState(defaults?.slug ?? slugFromName(defaults?.name ?? ""));
  const [isSlugEdited, setIsSlugEdited] = useState(Boolean(defaults?.slug));
  const debouncedSlug = useDebounced(slug, 300);
  const isWellFormed = WorkspaceSlugField.safeParse(debouncedSlug).success && debouncedSlug !== currentSlug;

  const availability = useQuery({
    queryKey: ["slug-availability", debouncedSlug],
    queryFn: () => fetchJson<SlugAvailability>(`/api/v1/workspaces/slug-availability?slug=${encodeURIComponent(debouncedSlug)}`),
    enabled: isWellFormed,
  });

  const localError = slug ? WorkspaceSlugField.safeParse(slug).error?.issues[0]?.message : undefined;
  const isTaken = availability.data && !availability.data.available && availability.data.slug === slug && slug !== currentSlug;
  const slugError = errors?.slug ?? localError ?? (isTaken ? availability.data?.message : undefined);

  return (
    <>
      <Field
        name={names.name}
        label="Workspace name"
        autoComplete="organization"
        required
        maxLength={80}
        value={name}
        error={errors?.name}
        onChange={(event) => {
          setName(event.target.value);
          if (!isSlugEdited) setSlug(slugFromName(event.target.value));
        }}
      />
      <Field
        name={names.slug}
        label="Workspace address"
        required
        minLength={3}
        maxLength={40}
        autoCapitalize="none"
        spellCheck={false}
        value={slug}
        error={slugError}
        onChange={(event) => {
          setIsSlugEdited(true);
          setSlug(event.target.value.toLowerCase());
        }}
        hint={
          currentSlug !== undefined && slug === currentSlug ? (
            <span>The workspace lives at /w/{slug}. A new address keeps the old one working: it redirects members here.</span>
          ) : availability.isError ? (
            <RetryableError message="Couldn't check this address." onRetry={() => void availability.refetch()} />
          ) : availability.data?.available && availability.data.slug === slug ? (
            <span className="text-success">/w/{slug} is available.</span>
          ) : (
            <span>Letters, digits and hyphens; your workspace will live at /w/{slug || "your-team"}</span>
          )
        }
      />
    </>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

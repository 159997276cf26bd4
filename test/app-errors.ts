import { expect } from "vitest";
import { AppError } from "@/server/errors";

/** The AppError `promise` rejects with; fails the test when it resolves or rejects with anything else. */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** appErrorOf, whose code must be `code`. */
export async function expectAppError(promise: Promise<unknown>, code: AppError["code"]): Promise<AppError> {
  const error = await appErrorOf(promise);
  expect(error.code).toBe(code);
  return error;
}

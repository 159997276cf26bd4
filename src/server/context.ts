import type { Db } from "./db/client";

/** The signed-in person a service acts for. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  color: string;
}

/** What every service receives: the database and who is asking. */
export interface ServiceContext {
  db: Db;
  actor: Actor;
}

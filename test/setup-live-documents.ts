import { provideCollabLiveDocuments } from "@/server/collab/live-document";

// Unit tests run without server.ts: give the services' live-documents port its real
// implementation (a private Hocuspocus per change when no collaboration server is running).
provideCollabLiveDocuments();

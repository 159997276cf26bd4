import { z } from "zod";
import {
  CreateWebhookBodySchema,
  ListWebhookDeliveriesQuerySchema,
  ListWebhooksQuerySchema,
  WebhookCreatedSchema,
  WebhookDeliveryPageSchema,
  WebhookListSchema,
} from "@/shared/schemas/webhook";
import type { OpenApiPaths } from "./common";
import { createdResponse, errorResponses, jsonBody, jsonResponse, writeOperation } from "./common";

const ADMINS = "Admins and owners only; others get 403, another workspace 404.";
const WebhookIdPath = z.object({ id: z.uuid().meta({ description: "The webhook's id." }) });

/** /api/v1/webhooks…: endpoints that receive workspace events, signed per Standard Webhooks (docs/product.md "Webhooks"). */
export const webhooksPaths: OpenApiPaths = {
  "/api/v1/webhooks": {
    get: {
      operationId: "listWebhooks",
      tags: ["Webhooks"],
      summary: "List a workspace's webhooks, newest first",
      description: `Secrets are never listed. ${ADMINS} A \`read\` token is enough.`,
      requestParams: { query: ListWebhooksQuerySchema },
      responses: { "200": jsonResponse("The webhooks, each with its latest delivery.", WebhookListSchema), ...errorResponses(400, 403, 404) },
    },
    post: writeOperation({
      operationId: "createWebhook",
      tags: ["Webhooks"],
      summary: "Register an endpoint for some event types",
      description: `The address must be https and resolve to public addresses only, unless the instance sets WEBHOOKS_ALLOW_PRIVATE=true. The answer holds the signing secret, shown only this once. ${ADMINS}`,
      requestBody: jsonBody(CreateWebhookBodySchema),
      responses: {
        "201": createdResponse("The webhook and its secret.", WebhookCreatedSchema, "The webhook's address in the API: `/api/v1/webhooks/{id}`."),
        ...errorResponses(400, 403, 404, 409, 413, 415, 422),
      },
    }),
  },
  "/api/v1/webhooks/{id}": {
    delete: writeOperation({
      operationId: "deleteWebhook",
      tags: ["Webhooks"],
      summary: "Delete a webhook and its deliveries",
      description: `Queued deliveries are never sent. ${ADMINS}`,
      requestParams: { path: WebhookIdPath },
      responses: { "200": jsonResponse("The deleted webhook's id.", z.object({ id: z.uuid() })), ...errorResponses(403, 404) },
    }),
  },
  "/api/v1/webhooks/{id}/deliveries": {
    get: {
      operationId: "listWebhookDeliveries",
      tags: ["Webhooks"],
      summary: "List a webhook's deliveries, newest first",
      description: `Each with its status, attempts, last response code and the first 500 characters of the last answer. ${ADMINS} A \`read\` token is enough.`,
      requestParams: { path: WebhookIdPath, query: ListWebhookDeliveriesQuerySchema },
      responses: { "200": jsonResponse("One page of deliveries.", WebhookDeliveryPageSchema), ...errorResponses(400, 403, 404) },
    },
  },
};

/**
 * Discord binds interaction endpoints to no global rate limit: neither the callback nor the webhook
 * of an interaction's token (the edit of a deferred answer, follow-ups). @discordjs/rest spares the
 * callback its 50-a-second global limit but counts those webhook requests against it, which held a
 * process to 50 deferred answers a second, and every change is answered by an edit now (respond.ts).
 * So the requests to the webhooks of this application's interactions go through a REST manager of
 * their own, without that limit; every other request keeps the client's, rate limits and all.
 */
import { REST, type RESTOptions } from 'discord.js';

export function exemptInteractionWebhooks(
  rest: REST,
  applicationId: string,
  options: Partial<RESTOptions>,
): void {
  const interactionWebhooks = new REST({ ...options, globalRequestsPerSecond: Number.POSITIVE_INFINITY });
  const prefix = `/webhooks/${applicationId}/`;
  const queueRequest = rest.queueRequest.bind(rest);
  rest.queueRequest = (request) =>
    request.fullRoute.startsWith(prefix) ? interactionWebhooks.queueRequest(request) : queueRequest(request);
}

import type { FastifyReply } from 'fastify';

/** A list answered a page at a time: the page's rows as the body, how many there are in all as `X-Total-Count`. */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }) {
  return reply.header('x-total-count', page.total).send(page.items);
}

import type { ApiClient } from './http-client.ts';

/*
 * Type tests of the client typed by the wire contract, checked by `tsc -b` (never run): each @ts-expect-error
 * line must fail to compile, so the build fails when a call may use a path, param, query or body field, or read an
 * answer field, that the contract (@autoreel/core apiContract) lacks.
 */
export async function contractCalls(client: ApiClient, id: string): Promise<string[]> {
  const car = await client.get('/cars/:id', { params: { id } });
  const make: string = car.make;
  // @ts-expect-error the contract's car has no such field
  void car.engineSize;
  // @ts-expect-error a path the contract lacks
  await client.get('/cars/:id/engine', { params: { id } });
  // @ts-expect-error a param the path does not name
  await client.get('/cars/:id', { params: { carId: id } });
  // @ts-expect-error a path with params needs them
  await client.get('/cars/:id');
  // @ts-expect-error the write is not a GET in the contract
  await client.get('/cars/:id/like', { params: { id } });

  const page = await client.get('/dealers/:id/cars', { params: { id }, query: { make: 'Toyota' } });
  const firstTitle: string | undefined = page.cars[0]?.model;
  // @ts-expect-error a query field the contract lacks
  await client.get('/dealers/:id/cars', { params: { id }, query: { colour: 'red' } });

  const comment = await client.post('/cars/:id/comments', { comment: 'Lovely car' }, { params: { id } });
  const replies: number = comment.replies.length;
  // @ts-expect-error a body field the contract lacks
  await client.post('/cars/:id/comments', { text: 'Lovely car' }, { params: { id } });
  // @ts-expect-error a body the route needs
  await client.post('/messages/conversations/:id/report', undefined, { params: { id } });

  const signedIn = await client.post('/auth/login', { phone: '+26876123456', password: 'secret' });
  const token: string = signedIn.accessToken;
  // @ts-expect-error the answer has no such field
  void signedIn.user.password;

  const liked = await client.post('/cars/:id/like', undefined, { params: { id } });
  const likedNow: boolean = liked.liked;

  const held = client.peek('/cars/:id', { params: { id } });
  // @ts-expect-error a peek may find nothing
  void held.make;

  // No call takes an answer type picked by hand, or a concrete path instead of the contract's template.
  // @ts-expect-error an answer type picked by hand
  await client.get<{ make: number }>('/cars/:id', { params: { id } });
  // @ts-expect-error a concrete path is no route of the contract
  await client.get(`/cars/${id}`);
  // @ts-expect-error a write's answer type picked by hand
  await client.post<{ liked: string }>('/cars/:id/like', undefined, { params: { id } });
  // @ts-expect-error a concrete path is no route of the contract
  await client.put(`/cars/${id}`, { status: 'sold' });
  // @ts-expect-error a concrete path is no route of the contract
  await client.delete(`/cars/${id}`);
  // @ts-expect-error a peek's answer type picked by hand
  client.peek<{ make: number }>('/cars/:id', { params: { id } });
  // @ts-expect-error a concrete path is no route of the contract
  client.peek(`/cars/${id}`);

  // A stream is read by its route's event union: a message event carries the message and its sender's client id.
  const stop = client.stream('/messages/stream', {
    onEvent(event) {
      if (event.event === 'message') {
        const clientId: string | null = event.data.clientId;
        void clientId;
      }
      // @ts-expect-error the stream's union has no such event
      if (event.event === 'typing') return;
    },
  });
  stop();
  // @ts-expect-error a JSON route is no event stream
  client.stream('/messages/conversations', { onEvent: () => undefined });

  return [make, firstTitle ?? '', String(replies), token, String(likedNow)];
}

import type { Aggregate } from './aggregate';

/**
 * Where an aggregate lives and how to make an empty one: what `AggregateRepository.update`
 * loads, lets decide, and appends. A domain file names its targets with `streamTarget`
 * next to its `X_STREAM_TYPE` and `xStream(...)`.
 */
export interface StreamTarget<A extends Aggregate = Aggregate> {
  streamType: string;
  streamId: string;
  create: () => A;
}

export function streamTarget<A extends Aggregate>(
  streamType: string,
  streamId: string,
  create: () => A,
): StreamTarget<A> {
  return { streamType, streamId, create };
}

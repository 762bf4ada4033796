/** edmonds-blossom-fixed ships no types: Edmonds' maximum weight matching (Joris van Rantwijk's, ported to JavaScript). */
declare module 'edmonds-blossom-fixed' {
  /**
   * `edges` as [vertex, vertex, weight]; returns, for each vertex, its mate or -1. With
   * `maxCardinality`, the heaviest among the matchings with the most edges.
   */
  export default function blossom(edges: [number, number, number][], maxCardinality?: boolean): number[];
}

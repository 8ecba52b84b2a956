// class-transformer keeps the @Type and @Transform metadata in this module, which its
// package's types do not name; the schemas of nested request classes are found through it.
declare module 'class-transformer/cjs/storage.js' {
  import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
  export const defaultMetadataStorage: MetadataStorage;
}

import { IsCallerId, OptionalField, OptionalText, RequiredId } from '@app/platform';

/**
 * A person as notifications name them (hosted user object). Neither field is required by
 * the rules: a recipient needs a `userId` or an `email`, which the handler checks.
 */
export class NotificationUserDto {
  @OptionalField()
  @IsCallerId()
  userId?: string;

  @OptionalText(512)
  name?: string;

  @OptionalText(512)
  email?: string;
}

export class NotificationLocationDto {
  @RequiredId()
  id: string;

  @OptionalText(1024)
  locationName?: string;
}

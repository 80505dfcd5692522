/** An error in the provider's wire format: `{ "__type": …, "message": … }` with the public API's names. */
export class IdentityError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

export const idErr = {
  notAuthorized: (m = 'Incorrect username or password.') => new IdentityError('NotAuthorizedException', m),
  invalidParameter: (m: string) => new IdentityError('InvalidParameterException', m),
  userNotFound: () => new IdentityError('UserNotFoundException', 'User does not exist.'),
  codeMismatch: (m = 'Invalid verification code provided, please try again.') => new IdentityError('CodeMismatchException', m),
  expiredCode: () => new IdentityError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  resourceNotFound: (m: string) => new IdentityError('ResourceNotFoundException', m),
};

/** Wrong password or code: the message warns before the attempt that locks the account. */
export const LOCKED_MESSAGE = 'Password attempts exceeded';
export const lastAttemptMessage = (base: string) =>
  `${base.replace(/\.$/, '')}. 1 attempt left before the account is temporarily locked.`;

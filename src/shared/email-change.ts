// What the profile page says when the emailed link to a new address is opened: shared by the
// email form and the tests that follow the link.

/** The link changed the address. */
export const EMAIL_CONFIRMED_MESSAGE = "Your new email address is confirmed.";

/** The link didn't change the address (better-auth added `error` to where it lands): the address shown is still the account's. */
export const EMAIL_LINK_FAILED_MESSAGE =
  "That link didn't change your email: it has expired, was used already, or the address is now another account's. Your email is unchanged; send a new link below.";

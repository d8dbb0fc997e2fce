/**
 * Words of the authorization server's own pages (src/server/oidc/pages.ts), kept here so the
 * catalogs pick them up (server folders are not extracted).
 */
import { msg } from '@lingui/core/macro'

export const PROVIDER_PAGE_TEXT = {
  signOutTitle: msg`Sign out of TopUp Hub?`,
  signOutBody: msg`You will be signed out of your TopUp Hub account in this browser.`,
  signOut: msg`Sign out`,
  staySignedIn: msg`Stay signed in`,
  signedOut: msg`You are signed out`,
  backToShop: msg`Back to the shop`,
  errorTitle: msg`Sign-in could not continue`,
}

// What the home page needs to know about who is looking: signed in at all, and allowed to sell.
export interface HomeViewer {
  signedIn: boolean;
  canSell: boolean;
}

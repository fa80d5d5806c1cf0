/** Who a signed-in request is: its session and the user it belongs to (the auth plugin sets it). */
export interface AuthContext {
  sessionId: number;
  userId: number;
}

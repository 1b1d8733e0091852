// What the orders domain offers to routes and the web layer. Orders: checkout of a listing or a won auction, and the escrow order flow from payment to completion or dispute.
// Routes import services through this index; services import each other's files directly.
export * from "./checkout.server.ts";
export * from "./offers.server.ts";
export * from "./order-creation.server.ts";
export * from "./order-flow.server.ts";
export * from "./orders.server.ts";
export * from "./order-desk.server.ts";
export * from "./disputes.server.ts";

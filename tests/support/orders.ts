// What order tests share: a complete shipping address as a buyer types it at checkout.
import type { ShippingAddress } from "~/schemas/order.ts";

export const SHIPPING_ADDRESS: ShippingAddress = {
  shippingName: "Bianca Byers",
  shippingCompany: "Northgate Test Labs",
  shippingAddress: "12 Foundry Road",
  shippingCity: "Dayton",
  shippingState: "OH",
  shippingZip: "45402",
  shippingCountry: "United States",
  shippingPhone: "+1 937 555 0100",
};

import { DeviceList } from "@/features/account";

/** /devices: the devices signed in to the account, from Settings (features/account). */
export default function DevicesScreen() {
  return <DeviceList />;
}

import UsersSection from "../../features/admin/components/UsersSection";
import { UserPayments } from "../../features/payments/admin/UserPayments";

/** Console › Users, with each account's payments from the billing area. */
export default function UsersPage() {
  return <UsersSection Payments={UserPayments} />;
}

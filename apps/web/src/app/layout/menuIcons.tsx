/**
 * Icons a menu may name in its `source` field. Importing all of @ant-design/icons would add about a megabyte
 * to the layout, so the menu icons are listed here: to use another icon in a menu, add it to this list.
 */
import {
  AccountBookOutlined, ApartmentOutlined, ApiOutlined, AppstoreOutlined, AuditOutlined, BankOutlined,
  BarChartOutlined, BellOutlined, BookOutlined, BranchesOutlined, BugOutlined, BuildOutlined, CalendarOutlined, CarOutlined,
  CheckSquareOutlined, ClockCircleOutlined, CloudOutlined, CloudServerOutlined, ClusterOutlined, CodeOutlined,
  ContactsOutlined, ContainerOutlined, CopyOutlined, CustomerServiceOutlined, DashboardOutlined, DatabaseOutlined,
  DeploymentUnitOutlined, DesktopOutlined, DollarOutlined, EditOutlined, EnvironmentOutlined, ExceptionOutlined,
  ExperimentOutlined, FileDoneOutlined, FileOutlined, FileProtectOutlined, FileSearchOutlined, FileTextOutlined,
  FlagOutlined, FolderOpenOutlined, FolderOutlined, FormOutlined, FundOutlined, GiftOutlined, GlobalOutlined, HddOutlined,
  HomeOutlined, IdcardOutlined, InboxOutlined, KeyOutlined, LineChartOutlined, LockOutlined, MailOutlined,
  MenuOutlined, MessageOutlined, MobileOutlined, MoneyCollectOutlined, NodeIndexOutlined, NotificationOutlined,
  PaperClipOutlined, PartitionOutlined, PayCircleOutlined, PieChartOutlined, PrinterOutlined, ProfileOutlined, ProjectOutlined,
  ReadOutlined, ReconciliationOutlined, SafetyCertificateOutlined, SafetyOutlined, ScheduleOutlined,
  SettingOutlined, ShopOutlined, ShoppingOutlined, SolutionOutlined, SoundOutlined, TagsOutlined, TeamOutlined,
  ToolOutlined, TrophyOutlined, UnorderedListOutlined, UsergroupAddOutlined, UserOutlined, UserSwitchOutlined, WalletOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined, ApartmentOutlined, ApiOutlined, AppstoreOutlined, AuditOutlined, BankOutlined,
  BarChartOutlined, BellOutlined, BookOutlined, BranchesOutlined, BugOutlined, BuildOutlined, CalendarOutlined, CarOutlined,
  CheckSquareOutlined, ClockCircleOutlined, CloudOutlined, CloudServerOutlined, ClusterOutlined, CodeOutlined,
  ContactsOutlined, ContainerOutlined, CopyOutlined, CustomerServiceOutlined, DashboardOutlined, DatabaseOutlined,
  DeploymentUnitOutlined, DesktopOutlined, DollarOutlined, EditOutlined, EnvironmentOutlined, ExceptionOutlined,
  ExperimentOutlined, FileDoneOutlined, FileOutlined, FileProtectOutlined, FileSearchOutlined, FileTextOutlined,
  FlagOutlined, FolderOpenOutlined, FolderOutlined, FormOutlined, FundOutlined, GiftOutlined, GlobalOutlined, HddOutlined,
  HomeOutlined, IdcardOutlined, InboxOutlined, KeyOutlined, LineChartOutlined, LockOutlined, MailOutlined,
  MenuOutlined, MessageOutlined, MobileOutlined, MoneyCollectOutlined, NodeIndexOutlined, NotificationOutlined,
  PaperClipOutlined, PartitionOutlined, PayCircleOutlined, PieChartOutlined, PrinterOutlined, ProfileOutlined, ProjectOutlined,
  ReadOutlined, ReconciliationOutlined, SafetyCertificateOutlined, SafetyOutlined, ScheduleOutlined,
  SettingOutlined, ShopOutlined, ShoppingOutlined, SolutionOutlined, SoundOutlined, TagsOutlined, TeamOutlined,
  ToolOutlined, TrophyOutlined, UnorderedListOutlined, UsergroupAddOutlined, UserOutlined, UserSwitchOutlined, WalletOutlined,
  WarningOutlined,
};

/** The icon named by a menu's `source`; submenus without a known icon get a neutral one. */
export function MenuIcon({ name, fallback = false }: { name: string | undefined; fallback?: boolean }) {
  const Icon = (name && ICONS[name]) || (fallback ? AppstoreOutlined : undefined);
  return Icon ? <Icon /> : null;
}

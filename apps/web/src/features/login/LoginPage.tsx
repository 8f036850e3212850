/** /login (spec 2 sections 2 and 3): tenant, account, password and captcha. */
import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
// Only light antd components here (no Card, Typography): they would pull tabs, menus and more into /login.
import { Button, Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { login, PasswordChangeRequired } from '../../app/auth';
import { settings } from '../../app/config';
import { loadLayout } from '../../app/layout/loadLayout';
import { LANGUAGES, useLanguage, setLanguage } from '../../app/i18n';
import { getSession, lastTenantId } from '../../app/session';
import { captchaQuery, domainTenantQuery } from './api';
import styles from './login.module.css';
import { ChangePasswordDialog, RegisterDialog } from './RegisterDialog';

interface Values {
  tenantId: string;
  username: string;
  password: string;
  code: string;
}

/** Where to go after signing in: the page the user wanted, if it is a path of this app. */
function target(redirect: string | null): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && redirect !== settings.loginPath ? redirect : settings.homePath;
}

export default function LoginPage() {
  // A signed-in user who opens /login goes to / (checked once: signing in here navigates by itself).
  const [signedIn] = useState(() => getSession() !== null);
  if (signedIn) return <Navigate to="/" replace />;
  return <LoginScreen />;
}

function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [registering, setRegistering] = useState(false);
  /** A first login with a generated password: its token, which may only change the password. */
  const [changing, setChanging] = useState<{ token: string; password: string } | undefined>();
  const captcha = useQuery(captchaQuery());
  // A tenant bound to this address (tenant/info by domain) needs no tenant id typed in: it is filled in and hidden.
  const domainTenant = useQuery({ ...domainTenantQuery(window.location.host), enabled: settings.tenantMode });
  const boundTenant = domainTenant.data?.tenantId;
  useEffect(() => {
    if (boundTenant) form.setFieldValue('tenantId', boundTenant);
  }, [boundTenant, form]);

  useEffect(() => {
    document.title = t('login.title');
  }, [t]);
  // Once the page is up, the shell and the home page load in the background (a failure is left to the router's own load).
  const shown = !!captcha.data;
  useEffect(() => {
    if (shown)
      loadLayout()
        .then(() => import('../../app/layout/preload'))
        .then(({ preloadPage }) => preloadPage(settings.homePath))
        .catch(() => undefined);
  }, [shown]);

  const newCaptcha = () => {
    form.setFieldValue('code', '');
    void captcha.refetch();
  };

  const submit = async (values: Values) => {
    if (!captcha.data) return newCaptcha();
    setSubmitting(true);
    try {
      await login({
        tenantId: values.tenantId.trim(),
        username: values.username.trim(),
        password: values.password,
        captchaKey: captcha.data.key,
        captchaCode: values.code.trim(),
      });
      navigate(target(params.get('redirect')), { replace: true });
    } catch (e) {
      if (e instanceof PasswordChangeRequired) setChanging({ token: e.token, password: values.password });
      // The API client has shown the server's error_description; a captcha is good for one try only.
      newCaptcha();
      setSubmitting(false);
    }
  };

  const lang = useLanguage();
  const other = LANGUAGES.find((l) => l.code !== lang) ?? LANGUAGES[0];

  return (
    <div className={styles.page}>
      <Button type="link" className={styles.lang} data-testid="login-lang" onClick={() => void setLanguage(other.code)}>
        {other.label}
      </Button>
      <main className={styles.card}>
        <h1 className={styles.title}>{t('app.name')}</h1>
        <p className={styles.subtitle}>{t('login.heading')}</p>
        <Form<Values> form={form} size="large" onFinish={submit} initialValues={{ tenantId: lastTenantId() ?? settings.defaultTenantId }} autoComplete="off">
          {settings.tenantMode && (
            <Form.Item name="tenantId" hidden={!!boundTenant} rules={[{ required: true, whitespace: true, message: t('login.tenantRequired') }]}>
              <Input prefix={<TeamOutlined />} placeholder={t('login.tenant')} aria-label={t('login.tenant')} data-testid="login-tenant" />
            </Form.Item>
          )}
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}>
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.account')}
              aria-label={t('login.account')}
              autoComplete="username"
              data-testid="login-account"
            />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              aria-label={t('login.password')}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Form.Item>
            <Flex gap={8}>
              <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
                <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} aria-label={t('login.captcha')} maxLength={8} data-testid="login-captcha" />
              </Form.Item>
              <button type="button" className={styles.captcha} title={t('login.captchaRefresh')} onClick={newCaptcha} data-testid="login-captcha-image">
                {captcha.data && <img src={captcha.data.image} alt={t('login.captcha')} />}
              </button>
            </Flex>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Flex justify="flex-end">
            <Button type="link" size="small" onClick={() => setRegistering(true)} data-testid="login-register">
              {t('login.register')}
            </Button>
          </Flex>
        </Form>
        <RegisterDialog open={registering} onClose={() => setRegistering(false)} boundTenant={boundTenant} defaultTenant={form.getFieldValue('tenantId')} />
        <ChangePasswordDialog
          token={changing?.token}
          oldPassword={changing?.password ?? ''}
          onCancel={() => setChanging(undefined)}
          onDone={(newPassword) => {
            setChanging(undefined);
            form.setFieldValue('password', newPassword);
          }}
        />
      </main>
    </div>
  );
}
